import { Typography } from 'antd';
import type { LegalSection } from './LegalDocument.js';

const { Paragraph } = Typography;

export const PRIVACY_INTRO =
  'This Privacy Policy explains what information PrintPool, a virtual inventory and order management service for print brokers that works with QuickBooks Online, collects, how we use it, and the choices and rights you have.';

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Information We Collect',
    body: (
      <ul>
        <li>
          <strong>Account information:</strong> your name, email address and profile image, provided when you sign in.
        </li>
        <li>
          <strong>Accounting data:</strong> customers, items and pricing, purchase orders and estimates that the Service reads from your QuickBooks Online
          company, together with the company name and connection tokens.
        </li>
        <li>
          <strong>Data you create:</strong> sales orders, pull tickets, approval notes and attachments, settings such as bulk suffixes and fax number, and a log
          of the emails sent to vendors and customers.
        </li>
        <li>
          <strong>Contact messages:</strong> the name, email, company, phone, subject and message you send through the contact form.
        </li>
        <li>
          <strong>Technical data:</strong> session cookies, IP address, browser type and server logs needed to run and secure the Service.
        </li>
      </ul>
    ),
  },
  {
    heading: 'How We Use Your Information',
    body: (
      <Paragraph>
        We use this information to sign you in, sync and calculate your virtual inventory, create and send sales orders and pull tickets, answer your messages,
        keep the Service secure and fix problems. We do not sell your information, and we do not use your customers&apos; or vendors&apos; details for our own
        marketing.
      </Paragraph>
    ),
  },
  {
    heading: 'Third-Party Services',
    body: (
      <>
        <Paragraph>We rely on a small number of service providers, each limited to its own purpose:</Paragraph>
        <ul>
          <li>
            <strong>Authentication and hosting</strong> providers, which sign you in and run the application.
          </li>
          <li>
            <strong>Accounting</strong>: QuickBooks Online by Intuit, which holds the records we sync with your authorization.
          </li>
          <li>
            <strong>Email delivery</strong> providers, which send pull tickets, sales orders and notifications on your behalf.
          </li>
          <li>
            <strong>Database hosting</strong> providers, which store the Service&apos;s data.
          </li>
        </ul>
        <Paragraph>These providers process information under their own privacy terms and our instructions.</Paragraph>
      </>
    ),
  },
  {
    heading: 'Information Sharing',
    body: (
      <Paragraph>
        We share information only with the providers above, with the vendors and customers you choose to email from the Service, when required by law, or as
        part of a merger or acquisition in which this Privacy Policy continues to apply.
      </Paragraph>
    ),
  },
  {
    heading: 'Data Retention',
    body: (
      <Paragraph>
        We keep your data while your account is active. Synced accounting records are refreshed from QuickBooks Online and remain there as the source of truth.
        When you close your account or ask us to delete your data, we remove it, except where the law requires us to keep records for longer.
      </Paragraph>
    ),
  },
  {
    heading: 'Data Security',
    body: (
      <Paragraph>
        Data is encrypted in transit, access to QuickBooks Online uses OAuth tokens that you can revoke at any time, and every company&apos;s data is kept
        separate from that of other customers. No system is perfectly secure, so we also limit staff access to what is needed to support you.
      </Paragraph>
    ),
  },
  {
    heading: 'Your Rights',
    body: (
      <>
        <Paragraph>Depending on where you live, you have the right to:</Paragraph>
        <ul>
          <li>
            <strong>Access</strong> the personal information we hold about you;
          </li>
          <li>
            <strong>Correction</strong> of information that is inaccurate or incomplete;
          </li>
          <li>
            <strong>Deletion</strong> of your personal information;
          </li>
          <li>
            <strong>Portability</strong>: receive your data in a structured, machine-readable format;
          </li>
          <li>
            <strong>Objection</strong> to processing based on our legitimate interests.
          </li>
        </ul>
        <Paragraph>To exercise these rights, contact us as described below.</Paragraph>
      </>
    ),
  },
  {
    heading: 'Cookies',
    body: (
      <Paragraph>
        We use cookies that are needed to keep you signed in and to remember interface preferences such as the sidebar state. We do not use advertising or
        cross-site tracking cookies.
      </Paragraph>
    ),
  },
  {
    heading: "Children's Privacy",
    body: (
      <Paragraph>
        The Service is a business tool and is not intended for children under 13, or under 16 in the EU. We do not knowingly collect their information, and we
        will delete it if we learn that we have.
      </Paragraph>
    ),
  },
  {
    heading: 'Changes to This Policy',
    body: (
      <Paragraph>
        We may update this Privacy Policy. We will revise the &quot;Last updated&quot; date above and announce material changes within the Service before they
        take effect.
      </Paragraph>
    ),
  },
  {
    heading: 'Contact Us',
    body: (
      <Paragraph>
        For privacy questions or requests, send us a message through the contact form on the PrintPool home page and we will answer by email.
      </Paragraph>
    ),
  },
];
