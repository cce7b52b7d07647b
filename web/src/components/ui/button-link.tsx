import type { Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { buttonClassName } from './button';

interface ButtonLinkProps extends LinkProps {
  variant?: Parameters<typeof buttonClassName>[0];
  size?: Parameters<typeof buttonClassName>[1];
  ref?: Ref<HTMLAnchorElement>;
}

/** A link that goes somewhere but looks like a button (page headers' "All withdrawals" etc.). */
export function ButtonLink({ variant, size, className, ...link }: ButtonLinkProps) {
  return <Link {...link} className={buttonClassName(variant, size, className)} />;
}
