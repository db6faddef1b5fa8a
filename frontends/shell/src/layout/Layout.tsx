import { Container, useSession, useWaitlist } from '@uapqa/ui';
import { Link, Outlet, useLocation } from '@uapqa/ui/router';
import { useState } from 'react';
import styled from 'styled-components';
import { EmailSignup } from '../forms/EmailSignup';
import type AccountMenu from './AccountMenu';
import { Background } from './Background';
import { AccountMenuButton, Credits, JoinButton, MenuButton, NavLink, Welcome } from './nav';
import { usePageMeta } from './page-meta';
import type SideMenu from './SideMenu';

/*
 * Text never sits on the beams of the background directly: a see-through bar would leave its
 * contrast undecidable (and varying as the beams move), so the header and footer are opaque.
 */
const HeaderBar = styled.header`
  position: sticky;
  top: 0;
  z-index: 30;
  background: ${({ theme }) => theme.colors.background};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;
const HeaderInner = styled(Container)`
  display: flex;
  align-items: center;
  gap: 1rem;
  @media (max-width: 767px) { gap: 0.5rem; }
  min-height: 4rem;
`;
const Logo = styled(Link)`
  font-family: ${({ theme }) => theme.font.heading};
  font-weight: 700;
  font-size: 1.2rem;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  margin-right: auto;
  span { color: ${({ theme }) => theme.colors.primary}; }
`;
const Desktop = styled.nav`
  display: flex;
  align-items: center;
  gap: 1rem;
  @media (max-width: 767px) { display: none; }
`;
const Mobile = styled.div`
  display: none;
  @media (max-width: 767px) { display: block; }
`;
// A long username gives way (cut with an ellipsis) before the account and menu buttons do.
const MobileWelcome = styled.span`
  display: grid;
  justify-items: end;
  min-width: 0;
  > span {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
  line-height: 1.3;
  @media (min-width: 768px) { display: none; }
`;

/**
 * The small-screen menu button. The menu is a Radix dialog, about 9 KB of JavaScript the landing
 * page does not need: SideMenu.tsx is fetched on the first press and then opens at once. Should
 * the fetch fail, the button stays and the next press tries again.
 */
function LazySideMenu() {
  const [Menu, setMenu] = useState<typeof SideMenu | null>(null);
  if (Menu) return <Menu initiallyOpen />;
  const load = () =>
    import('./SideMenu')
      .then((module) => setMenu(() => module.default))
      .catch((error) => console.error('The menu could not be loaded', error));
  return <MenuButton onClick={() => void load()} />;
}

/**
 * The signed-in user's account menu, fetched (with Radix's menu) on the first press of its
 * button, as the small-screen menu is: pages seen by visitors never load it.
 */
function LazyAccountMenu() {
  const [Menu, setMenu] = useState<typeof AccountMenu | null>(null);
  if (Menu) return <Menu initiallyOpen />;
  const load = () =>
    import('./AccountMenu')
      .then((module) => setMenu(() => module.default))
      .catch((error) => console.error('The account menu could not be loaded', error));
  return <AccountMenuButton aria-expanded={false} onClick={() => void load()} />;
}

function Header() {
  const user = useSession((state) => state.user);
  const { pathname } = useLocation();
  return (
    <HeaderBar>
      <HeaderInner>
        <Logo to="/" aria-label="UAP Answers home">
          UAP <span>Answers</span>
        </Logo>
        <Desktop aria-label="Main">
          <NavLink to="/browse-qa">Browse Q&amp;A</NavLink>
          {user ? (
            <>
              <Welcome data-testid="welcome">Welcome, {user.username}</Welcome>
              {pathname === '/browse-qa' ? (
                <Credits data-testid="credit-balance">{user.foiaCredits ?? 0} FOIA Credits</Credits>
              ) : null}
            </>
          ) : (
            <JoinButton />
          )}
        </Desktop>
        {user ? (
          <MobileWelcome>
            <span>Welcome, {user.username}</span>
            {pathname === '/browse-qa' ? (
              <Credits data-testid="credit-balance-phone">
                {user.foiaCredits ?? 0} FOIA Credits
              </Credits>
            ) : null}
          </MobileWelcome>
        ) : null}
        {user ? <LazyAccountMenu /> : null}
        <Mobile>
          <LazySideMenu />
        </Mobile>
      </HeaderInner>
    </HeaderBar>
  );
}

const FooterBar = styled.footer`
  margin-top: 4rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  padding: 2.5rem 0 1.5rem;
`;
const FooterGrid = styled.div`
  display: grid;
  gap: 2rem;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  ul { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.4rem; }
  h2 { font-size: 1rem; }
  a { color: ${({ theme }) => theme.colors.muted}; text-decoration: none; }
  a:hover { color: ${({ theme }) => theme.colors.primary}; }
`;
const Legal = styled.div`
  margin-top: 2rem;
  padding-top: 1rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  justify-content: space-between;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
  a { color: ${({ theme }) => theme.colors.muted}; }
`;

function Footer() {
  const { waitlistEnabled } = useWaitlist();
  return (
    <FooterBar>
      <Container>
        <FooterGrid>
          <div>
            <h2>UAP Answers</h2>
            <p style={{ color: 'inherit', opacity: 0.8 }}>
              Direct access to the top experts in the Phenomenon.
            </p>
          </div>
          <div>
            <h2>Subscribers</h2>
            <ul>
              <li>
                <Link to="/browse-qa">Browse Q&amp;A</Link>
              </li>
              <li>
                <Link to="/subscribe">Pricing</Link>
              </li>
              <li>
                <Link to="/dashboard">Dashboard</Link>
              </li>
              <li>
                <Link to="/contact">Contact</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2>Experts</h2>
            <ul>
              <li>
                <Link to="/experts">Become an Expert</Link>
              </li>
              <li>
                <Link to="/apply">Apply</Link>
              </li>
              <li>
                <Link to="/expert-dashboard">Expert Dashboard</Link>
              </li>
            </ul>
          </div>
          <div>
            <h2>{waitlistEnabled ? 'Join the Waitlist' : 'Newsletter'}</h2>
            {waitlistEnabled ? (
              <EmailSignup kind="waitlist" source="footer" />
            ) : (
              <EmailSignup kind="newsletter" source="footer" />
            )}
          </div>
        </FooterGrid>
        <Legal>
          <span>© 2025 UAP Answers. All rights reserved.</span>
          <span style={{ display: 'flex', gap: '1rem' }}>
            <Link to="/privacy">Privacy Policy</Link>
            <Link to="/terms">Terms of Service</Link>
            <Link to="/admin-dashboard">Admin Login</Link>
          </span>
        </Legal>
      </Container>
    </FooterBar>
  );
}

// At least a screen tall: the footer starts below the fold, so pages that fill in after their
// data arrives never push it down in view (a layout shift on every such load).
const Main = styled.main`
  min-height: 100vh;
  padding: 2rem 0;
`;
// A page's top margin stays inside (flow-root): collapsing through, it would move this box
// when a page replaces its loading spinner, and everything in it would count as shifted.
const Page = styled(Container)`
  display: flow-root;
`;

export function Layout() {
  usePageMeta();
  return (
    <>
      <Background />
      <Header />
      <Main>
        <Page>
          <Outlet />
        </Page>
      </Main>
      <Footer />
    </>
  );
}
