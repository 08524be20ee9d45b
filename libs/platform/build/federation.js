// Rspack + Module Federation config for the shell and every remote, so that all of them
// share exactly the same singletons and build the same way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './precompress.js';

// The print view of a page (a list's Print button): the page's own content, without the
// sidebar, the top bar, list tools marked data-print="hidden", pagers and sort arrows; a table
// wider than the paper is not cut off by its scroll box.
const PRINT_STYLE =
  '<style media="print">.ant-layout-sider,.ant-layout-header,.ant-pagination,.ant-table-column-sorter,[data-print="hidden"]{display:none!important}' +
  '[role="region"]{overflow:visible!important}</style>';

// Libraries holding React state or context must exist once on the page. A shared module is
// never tree-shaken, so antd and react-router are absent on purpose: shared whole they cost
// ≈580 KB and ≈60 KB gzip. Remotes reach them through singletons that re-export only what the
// product uses: antd through @printpool/ui, react-router through @printpool/platform.
const SINGLETONS = ['react', 'react-dom', '@tanstack/react-query', 'zustand', '@printpool/platform', '@printpool/ui'];
// Deep imports (react/jsx-runtime, react-dom/client) must resolve to the same React too, and
// @printpool/ui's heavier entries (@printpool/ui/table) are shared singletons of their own.
const PREFIXES = { 'react/': 'react', 'react-dom/': 'react-dom', '@printpool/ui/': '@printpool/ui' };
// The shell's copies of these are in its first script (eager) rather than chunks of their own:
// every page needs them, and as chunks they were some thirty requests made only once that
// script had run, which the app then waited for (bench/frontend/RESULTS.md). @printpool/ui's
// entries stay chunks: most load with the first remote page (shell/src/federation/sharedUi.ts).
const EAGER = new Set([...SINGLETONS, 'react/', 'react-dom/']);

// An open select shows the value it holds faded while the person picks another; antd fades it to
// 25%, 1.7:1 on white, below the 4.5:1 text needs (e2e/tests/accessibilityOverlays.spec.ts). It
// stays readable at 65%. antd's rule comes later and is as specific, hence the !important.
const READABLE_STYLE = '<style>.ant-select-open .ant-select-content-has-value{opacity:0.65!important}</style>';

const FAVICON = fileURLToPath(new URL('./favicon.svg', import.meta.url));
const ANTD_STYLES = fileURLToPath(new URL('./antdStyles.js', import.meta.url));
// The browsers the product supports: scripts and stylesheets are built for these. Older targets
// would have antd's logical properties (margin-inline-start) rewritten for each direction, which
// multiplies its stylesheet fivefold.
const BROWSERS = 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4';

/**
 * The shared-module map, with each requiredVersion taken from the app's package.json; `eager`
 * for the shell, which provides them (a remote takes the shell's and carries none of its own).
 */
export function sharedModules(packageDir, { eager = false } = {}) {
  const { dependencies = {} } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const version = (name) => {
    if (!dependencies[name]) throw new Error(`${packageDir}/package.json must depend on ${name} to share it`);
    return dependencies[name];
  };
  const shared = {};
  const entry = (key, name) => ({ singleton: true, requiredVersion: version(name), ...(eager && EAGER.has(key) && { eager: true }) });
  for (const name of SINGLETONS) shared[name] = entry(name, name);
  for (const [prefix, name] of Object.entries(PREFIXES)) shared[prefix] = entry(prefix, name);
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.packageDir absolute path of the app
 * @param {string} options.name Module Federation name (also output.uniqueName)
 * @param {string} options.title document title of the app's own page
 * @param {Record<string, string>} [options.exposes] present for remotes: they emit mf-manifest.json
 * @param {number} options.port dev server port
 * @param {object} [options.devServer] extra dev server settings
 * @param {string} mode 'production' or 'development'
 */
export function federatedConfig({ packageDir, name, title, exposes, port, devServer = {} }, mode = 'production') {
  const production = mode === 'production';
  const isRemote = Boolean(exposes);
  const hashed = production ? '[name].[contenthash:8].js' : '[name].js';
  return {
    mode,
    context: packageDir,
    // The first page's antd styles are linked from the page itself, so they are in before it paints (antdStyles.js).
    entry: { main: ['antd/dist/antd.css?part=first', './src/index.ts'] },
    output: {
      path: join(packageDir, 'dist'),
      uniqueName: name,
      // The shell answers every app path with index.html, so its assets need an absolute base;
      // a remote is hosted under any prefix and finds its chunks relative to its entry.
      publicPath: isRemote ? 'auto' : '/',
      filename: hashed,
      chunkFilename: hashed,
      clean: true,
    },
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      conditionNames: ['@printpool/source', 'browser', 'import', 'module', production ? 'production' : 'development', 'default'],
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
            env: { targets: BROWSERS },
          },
          type: 'javascript/auto',
        },
        // antd's building blocks have no side effects but do not say so: without this, the form
        // context that Menu, Tooltip and Modal import brings all of @rc-component/form and its
        // validator to every first load (bench/frontend/RESULTS.md).
        { test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
        { test: /[\\/]antd[\\/]dist[\\/]antd\.css$/, loader: ANTD_STYLES, type: 'css' },
      ],
    },
    plugins: [
      // English, laid out at the device's width (a phone gets the phone layout, not a shrunken
      // desktop page), with the product's mark as its icon.
      new rspack.HtmlRspackPlugin({
        title,
        favicon: FAVICON,
        meta: { viewport: 'width=device-width, initial-scale=1' },
        templateContent: ({ htmlRspackPlugin }) =>
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${htmlRspackPlugin.options.title}</title>${PRINT_STYLE}${READABLE_STYLE}</head><body></body></html>`,
      }),
      new ModuleFederationPlugin({
        name,
        ...(isRemote ? { filename: 'remoteEntry.js', exposes, manifest: true } : { manifest: false }),
        shared: sharedModules(packageDir, { eager: !isRemote }),
        shareStrategy: 'loaded-first',
        dts: false,
        // In production the shell hands its federation runtime to the remotes instead of each
        // remote entry carrying a copy (≈28 KB gzip each); remotes started alone keep their own.
        experiments: production ? (isRemote ? { externalRuntime: true } : { provideExternalRuntime: true }) : {},
      }),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    optimization: {
      minimize: production,
      minimizer: [new rspack.SwcJsMinimizerRspackPlugin(), new rspack.LightningCssMinimizerRspackPlugin({ minimizerOptions: { targets: BROWSERS } })],
    },
    performance: { hints: false },
    devServer: {
      port,
      historyApiFallback: true,
      hot: false,
      headers: isRemote ? { 'Access-Control-Allow-Origin': '*' } : {},
      proxy: [{ context: ['/api'], target: 'http://127.0.0.1:3000' }],
      ...devServer,
    },
  };
}
