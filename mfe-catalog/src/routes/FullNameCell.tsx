import { DocumentLink } from '@printpool/platform';
import { Typography } from '@printpool/ui';

/**
 * The name, and QuickBooks' full name under it where it differs ('Business Cards:500 ct'), so two
 * sub-items or jobs with the same short name are told apart. With `href`, the name opens the record's page.
 */
export function FullNameCell({ name, fullName, href }: { name: string; fullName?: string | null; href?: string }) {
  return (
    <>
      {href ? <DocumentLink href={href}>{name}</DocumentLink> : name}
      {fullName && fullName !== name && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {fullName}
        </Typography.Text>
      )}
    </>
  );
}
