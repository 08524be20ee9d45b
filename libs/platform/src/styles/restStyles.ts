// Every antd component's styles but the first page's, as one stylesheet that comes with the
// modules importing this (libs/platform/build/antdStyles.js): `@printpool/ui`'s entries but the
// first, and the shell's pages that use antd themselves. The dashboard's first load carries none.
import 'antd/dist/antd.css?part=rest';
