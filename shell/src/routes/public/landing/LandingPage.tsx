import { Layout, theme } from 'antd';
import { PublicHeader } from '../shared/PublicHeader.js';
import { useScrollToHash } from '../shared/useScrollToHash.js';
import { ContactSection } from './ContactSection.js';
import { FeaturesSection } from './FeaturesSection.js';
import { Hero } from './Hero.js';
import { LandingFooter } from './LandingFooter.js';

export function LandingPage() {
  const { token } = theme.useToken();
  useScrollToHash();
  return (
    <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <title>PrintPool | Virtual Inventory for Print Brokers</title>
      <PublicHeader>
        <nav aria-label="Page sections">
          <a href="#features">Features</a>
          <a href="#contact" style={{ marginLeft: 24 }}>
            Contact
          </a>
        </nav>
      </PublicHeader>
      <Layout.Content style={{ width: '100%', maxWidth: 1200, margin: '0 auto', paddingInline: 'clamp(16px, 4vw, 48px)' }}>
        <Hero />
        <FeaturesSection />
        <ContactSection />
      </Layout.Content>
      <LandingFooter />
    </Layout>
  );
}
