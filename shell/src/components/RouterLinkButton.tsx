import { Button, type ButtonProps } from 'antd';
import { useHref, useLinkClickHandler } from 'react-router';

type RouterLinkButtonProps = Omit<ButtonProps, 'href' | 'onClick'> & { to: string };

/**
 * A link styled as an antd button. It keeps link semantics (role, middle-click, copy address)
 * while a plain click navigates inside the router without reloading the page.
 */
export function RouterLinkButton({ to, ...buttonProps }: RouterLinkButtonProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLElement>(to);
  return <Button {...buttonProps} href={href} onClick={navigate} />;
}
