import { type ButtonStyleProps, buttonStyles } from '@uapqa/ui';
import { Link } from '@uapqa/ui/router';
import styled from 'styled-components';

/**
 * A link drawn as a button. It lives here, not in `@uapqa/ui/page`: only this frontend's own
 * modules get the page's shared router; one in a package would get a router of its own.
 */
export const LinkButton = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;
