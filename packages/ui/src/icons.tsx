/**
 * The interface's glyphs as inline SVG in the text colour. Characters such as ☰ or ▾ read as
 * text to a contrast checker that cannot tell a symbol from a letter, and vary with the font;
 * an icon is judged as the graphic it is. Each is hidden from assistive technology: the control
 * around it carries the name.
 */
import type { SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function icon(path: string) {
  return function Icon({ size = 16, ...props }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        <path d={path} />
      </svg>
    );
  };
}

export const MenuIcon = icon('M2.5 4h11M2.5 8h11M2.5 12h11');
export const ChevronDownIcon = icon('M4 6l4 4 4-4');
export const ChevronLeftIcon = icon('M10 3.5L5.5 8l4.5 4.5');
export const ChevronRightIcon = icon('M6 3.5l4.5 4.5L6 12.5');
export const CheckIcon = icon('M3.5 8.5l3 3 6-7');
export const CloseIcon = icon('M4 4l8 8M12 4l-8 8');
