import { theme } from 'antd';

export interface MonthlyBar {
  /** Under the bar: 'Jan'. */
  label: string;
  value: number;
  /** What a screen reader hears of it: 'January 2026: 1,200'. */
  spoken: string;
}

const WIDTH = 480;
const HEIGHT = 140;
const AXIS = 18;

/**
 * Bars of a quantity over months, with an optional reference line (an average): for figures a
 * person would rather see than read. Its text alternative names every bar.
 */
export function MonthlyBars({ label, bars, reference = null }: { label: string; bars: MonthlyBar[]; reference?: number | null }) {
  const { token } = theme.useToken();
  const top = Math.max(1, reference ?? 0, ...bars.map((bar) => bar.value));
  const slot = WIDTH / Math.max(1, bars.length);
  const y = (value: number) => HEIGHT - AXIS - (value / top) * (HEIGHT - AXIS - 4);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={`${label}: ${bars.map((bar) => bar.spoken).join(', ')}`}
      style={{ maxWidth: WIDTH, display: 'block' }}
    >
      {bars.map((bar, index) => (
        <g key={index}>
          <rect x={index * slot + slot * 0.15} y={y(bar.value)} width={slot * 0.7} height={HEIGHT - AXIS - y(bar.value)} fill={token.colorPrimary} />
          <text x={index * slot + slot / 2} y={HEIGHT - 4} textAnchor="middle" fontSize={10} fill={token.colorTextSecondary}>
            {bar.label}
          </text>
        </g>
      ))}
      {reference !== null && <line x1={0} x2={WIDTH} y1={y(reference)} y2={y(reference)} stroke={token.colorWarning} strokeDasharray="4 3" />}
    </svg>
  );
}
