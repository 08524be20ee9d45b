/** The product's mark (a printer), as in the favicon (libs/platform/build/favicon.svg). */
export function ProductMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="PrintPool">
      <rect width="32" height="32" rx="7" fill="#1d4ed8" />
      <path d="M10 7h12v6H10zM7 13h18a2 2 0 0 1 2 2v8h-5v3H10v-3H5v-8a2 2 0 0 1 2-2zm5 7v4h8v-4z" fill="#fff" />
    </svg>
  );
}
