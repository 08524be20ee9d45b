import { Typography } from 'antd';
import type { LegalSection } from './LegalDocument.js';

const { Paragraph } = Typography;

export const EULA_INTRO =
  'This End User License Agreement ("Agreement") is a legal agreement between you, on behalf of yourself and the print brokerage you represent ("you"), and the provider of PrintPool ("we", "us"), a hosted service for virtual inventory, order and pull ticket management that works with QuickBooks Online.';

export const EULA_SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Acceptance of Terms',
    body: (
      <Paragraph>
        By signing in to or otherwise using PrintPool (the &quot;Service&quot;), you agree to be bound by this Agreement. If you accept this Agreement on behalf
        of a company, you confirm that you have the authority to bind that company. If you do not agree, do not use the Service.
      </Paragraph>
    ),
  },
  {
    heading: 'License Grant',
    body: (
      <Paragraph>
        Subject to this Agreement, we grant you a limited, non-exclusive, non-transferable, revocable license to access and use the Service for the internal
        business operations of your print brokerage: tracking bulk purchase orders as virtual inventory, managing sales orders created from estimates, producing
        pull tickets and communicating with your vendors and customers. All rights not expressly granted are reserved by us.
      </Paragraph>
    ),
  },
  {
    heading: 'Restrictions',
    body: (
      <>
        <Paragraph>You agree not to:</Paragraph>
        <ul>
          <li>copy, modify, reverse engineer, decompile or create derivative works of the Service;</li>
          <li>resell, sublicense, rent or otherwise make the Service available to anyone outside your organization;</li>
          <li>access another customer&apos;s data or attempt to bypass authentication or security controls;</li>
          <li>use the Service to send unlawful, misleading or unsolicited communications to vendors or customers;</li>
          <li>place an unreasonable load on the Service or on the QuickBooks Online API through automated means.</li>
        </ul>
      </>
    ),
  },
  {
    heading: 'Data and Privacy',
    body: (
      <Paragraph>
        You retain ownership of the business data you bring to the Service, including customers, items, purchase orders, estimates, sales orders and pull
        tickets. You grant us the rights needed to host, process and display that data solely to provide the Service to you. Our handling of personal
        information is described in the Privacy Policy, which forms part of this Agreement.
      </Paragraph>
    ),
  },
  {
    heading: 'QuickBooks Online Integration',
    body: (
      <>
        <Paragraph>
          The Service connects to your QuickBooks Online company only after an administrator of that company authorizes the connection. Once connected, the
          Service reads customers, items, purchase orders and estimates, and writes estimates back when you choose to sync them. Invoicing remains in QuickBooks
          Online.
        </Paragraph>
        <Paragraph>
          QuickBooks Online is a product of Intuit Inc., which is not a party to this Agreement. Your use of QuickBooks Online is governed by Intuit&apos;s own
          terms. We are not responsible for the availability, accuracy or changes of QuickBooks Online or its API, and you may disconnect the integration at any
          time from QuickBooks Online.
        </Paragraph>
      </>
    ),
  },
  {
    heading: 'Limitation of Liability',
    body: (
      <Paragraph>
        To the maximum extent permitted by law, we shall not be liable for any indirect, incidental, special, consequential or punitive damages, or for lost
        profits, revenue, data or business opportunities, arising out of or related to the Service. Our total liability for any claim under this Agreement shall
        not exceed the amount you paid for the Service in the twelve months before the event giving rise to the claim. You remain responsible for checking
        inventory figures, orders and pull tickets before committing to customers or vendors.
      </Paragraph>
    ),
  },
  {
    heading: 'Disclaimer of Warranties',
    body: (
      <Paragraph>
        The Service is provided &quot;as is&quot; and &quot;as available&quot;, without warranties of any kind, whether express or implied, including warranties
        of merchantability, fitness for a particular purpose and non-infringement. We do not warrant that the Service will be uninterrupted or error-free, or
        that virtual inventory figures will always match the stock physically held by your vendors.
      </Paragraph>
    ),
  },
  {
    heading: 'Termination',
    body: (
      <Paragraph>
        You may stop using the Service at any time. We may suspend or terminate your access if you breach this Agreement or if required by law. On termination
        your license ends immediately. Records that remain in QuickBooks Online are unaffected, and data held by the Service is deleted as described in the
        Privacy Policy.
      </Paragraph>
    ),
  },
  {
    heading: 'Updates and Changes',
    body: (
      <Paragraph>
        We may update the Service and this Agreement from time to time. When we change this Agreement we will revise the &quot;Last updated&quot; date above,
        and material changes will be announced within the Service. Continued use of the Service after a change takes effect means you accept the updated
        Agreement.
      </Paragraph>
    ),
  },
  {
    heading: 'Governing Law',
    body: (
      <Paragraph>
        This Agreement is governed by the laws of the jurisdiction in which the provider of PrintPool is established, without regard to its conflict of law
        rules. Any dispute shall be brought before the competent courts of that jurisdiction, unless mandatory consumer protection law gives you the right to
        bring it elsewhere.
      </Paragraph>
    ),
  },
  {
    heading: 'Contact Information',
    body: (
      <Paragraph>
        If you have questions about this Agreement, send us a message through the contact form on the PrintPool home page and we will answer by email.
      </Paragraph>
    ),
  },
];
