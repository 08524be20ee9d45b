/** The HTML pages of Intuit's consent flow, reduced to what a person (or a test) acts on. */

export interface CompanyChoice {
  realmId: string;
  companyName: string;
}

export interface AuthorizeParams {
  client_id: string;
  redirect_uri: string;
  scope: string;
  state: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;color:#393a3d}
h1{font-size:1.4rem}.company{display:block;padding:.6rem;border:1px solid #d4d7dc;border-radius:4px;margin:.4rem 0}
button{padding:.6rem 1.4rem;border-radius:4px;border:0;margin-right:.5rem;cursor:pointer}
.primary{background:#2ca01c;color:#fff}.secondary{background:#eceef1}.note{color:#6b6c72;font-size:.9rem}</style>
</head><body><p class="note">Intuit QuickBooks sandbox</p>${body}</body></html>`;
}

export function authorizePage(params: AuthorizeParams, appName: string, companies: CompanyChoice[], approveUrl: string, nonAdminUrl: string): string {
  const hidden = (Object.keys(params) as (keyof AuthorizeParams)[])
    .map((key) => `<input type="hidden" name="${key}" value="${escapeHtml(params[key])}">`)
    .join('');
  const choices = companies
    .map(
      (company, index) =>
        `<label class="company"><input type="radio" name="realmId" value="${escapeHtml(company.realmId)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(company.companyName)}</label>`,
    )
    .join('');
  return page(
    'Connect to QuickBooks',
    `<h1>${escapeHtml(appName)} wants to connect to your QuickBooks company</h1>
<form method="post" action="${escapeHtml(approveUrl)}">${hidden}
<p>Select a company</p>${choices}
<p class="note">By selecting Connect you allow this app to use your QuickBooks data.</p>
<button class="primary" type="submit" name="decision" value="approve">Connect</button>
<button class="secondary" type="submit" name="decision" value="cancel">Cancel</button>
</form>
<p><a href="${escapeHtml(nonAdminUrl)}">Sign in as a non-admin user</a></p>`,
  );
}

/** What a standard user sees at Intuit: only an admin can connect apps. */
export function nonAdminPage(appName: string, adminUrl: string): string {
  return page(
    'Ask your admin',
    `<h1>Ask your admin to connect ${escapeHtml(appName)}</h1>
<p>Only the primary admin or a company admin can connect apps to this QuickBooks company.
Ask your admin to connect ${escapeHtml(appName)}, or to assign you the admin role.</p>
<p><a href="${escapeHtml(adminUrl)}">Sign in as an admin</a></p>`,
  );
}

export function errorPage(message: string): string {
  return page('Something went wrong', `<h1>Something went wrong</h1><p>${escapeHtml(message)}</p>`);
}
