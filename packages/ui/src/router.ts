/**
 * The routing API of the frontends, `@uapqa/ui/router`: the shell and every remote import
 * routing from here, never from `react-router` itself.
 *
 * Module Federation shares a singleton whole, so sharing `react-router` put the entire package
 * (data routers, SSR, RSC, cookies) in the first paint of `/`. This entry is shared as the
 * singleton instead: bundled, it keeps only what is re-exported below, and the router context
 * is still one instance per page. Add an export here when a frontend needs another one.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
} from 'react-router';
