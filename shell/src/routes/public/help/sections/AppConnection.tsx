import { Typography } from 'antd';

export function AppConnection() {
  return (
    <>
      <ol>
        <li>
          From the Dashboard, click the <strong>Connect</strong> button in the user menu at the bottom of the sidebar.
        </li>
        <li>Sign in to QuickBooks with your Intuit account.</li>
        <li>
          If QuickBooks asks you to assign or confirm a company administrator, approve the prompt. This admin assignment is normal for accounting integrations:
          only an administrator can authorize an app.
        </li>
        <li>Choose the QuickBooks Online company you want to use with PrintPool.</li>
        <li>Review the requested access and authorize PrintPool.</li>
        <li>Back in PrintPool, verify the status in the user menu: a green dot next to your company name means you are connected.</li>
      </ol>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        An amber dot with &quot;Token expired&quot; means the connection needs renewing: choose Refresh Token in the user menu.
      </Typography.Paragraph>
    </>
  );
}
