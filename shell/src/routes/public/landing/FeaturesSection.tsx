import { Typography } from 'antd';
import { FeatureGrid } from './FeatureGrid.js';

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title">
      <Typography.Title id="features-title" level={2} style={{ textAlign: 'center', marginBottom: 32 }}>
        Everything a Print Broker Needs
      </Typography.Title>
      <FeatureGrid />
    </section>
  );
}
