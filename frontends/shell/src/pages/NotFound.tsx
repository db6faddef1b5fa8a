import { type ButtonStyleProps, buttonStyles, Card } from '@uapqa/ui';
import { Link } from '@uapqa/ui/router';
import { useEffect } from 'react';
import styled from 'styled-components';
import { applyPageMeta } from '../layout/page-meta';

const Home = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

export function NotFound() {
  useEffect(() => applyPageMeta({ title: 'Page Not Found' }), []);
  return (
    <Card style={{ maxWidth: 560, margin: '3rem auto', textAlign: 'center' }}>
      <h1>404 Page Not Found</h1>
      <p>The page you're looking for doesn't exist or has been moved.</p>
      <Home to="/">Go Home</Home>
    </Card>
  );
}
