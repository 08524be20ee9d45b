export function Troubleshooting() {
  return (
    <ul style={{ marginBottom: 0 }}>
      <li>
        <strong>No data appears:</strong> check that your bulk suffix setting matches how your purchase orders and estimates are numbered, then run a full sync.
      </li>
      <li>
        <strong>Sync errors:</strong> check that your QuickBooks Online subscription is active and that API access is allowed for the company, then reconnect
        from the user menu.
      </li>
    </ul>
  );
}
