/** A link is active when the path equals it or lies below it; home ('/') only on an exact match. */
export function isActivePath(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
