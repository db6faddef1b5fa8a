/**
 * The interface's glyphs as inline SVG in the text colour. Characters such as ☰ or ▾ read as
 * text to a contrast checker that cannot tell a symbol from a letter, and vary with the font;
 * an icon is judged as the graphic it is. Each is hidden from assistive technology: the control
 * around it carries the name.
 */
import type { SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function Icon({ path, size = 16, ...props }: IconProps & { path: string }) {
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
}

export const MenuIcon = (props: IconProps) => (
  <Icon path="M2.5 4h11M2.5 8h11M2.5 12h11" {...props} />
);
export const ChevronDownIcon = (props: IconProps) => <Icon path="M4 6l4 4 4-4" {...props} />;
export const ChevronLeftIcon = (props: IconProps) => (
  <Icon path="M10 3.5L5.5 8l4.5 4.5" {...props} />
);
export const ChevronRightIcon = (props: IconProps) => (
  <Icon path="M6 3.5l4.5 4.5L6 12.5" {...props} />
);
export const CheckIcon = (props: IconProps) => <Icon path="M3.5 8.5l3 3 6-7" {...props} />;
export const CloseIcon = (props: IconProps) => <Icon path="M4 4l8 8M12 4l-8 8" {...props} />;
