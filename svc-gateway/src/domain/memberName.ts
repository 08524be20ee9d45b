/** How history and the communication log name a member (docs/product.md §3): "First Last", else the e-mail. */
export function memberName(member: { firstName: string | null; lastName: string | null; email: string }): string {
  const name = [member.firstName, member.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || member.email;
}
