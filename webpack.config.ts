import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BrotliOptions, constants as zlibConstants } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack, { type Compiler, type Configuration } from 'webpack';
import 'webpack-dev-server';
import { InjectManifest } from 'workbox-webpack-plugin';

const root = __dirname;
const publicDir = path.join(root, 'public');
const API_SERVER = 'http://localhost:3000';
const reactRouterDist = path.join(root, 'node_modules/react-router/dist/production');
/** Beside dist/web, not in it: the server must not publish the module list. Read by scripts/bundle-budget.mjs. */
const statsFile = path.join(root, 'dist/web-stats.json');
/** Chunk names (webpackChunkName in src/app/router.tsx) of the pages built on the DataGrid. */
const GRID_PAGES = new Set(['reports', 'fees', 'shifts']);
/** The guide's day and slot pages (webpackChunkName in src/app/router.tsx). */
const GUIDE_PAGES = new Set(['bookings', 'slot']);
const COMPRESSIBLE = /\.(js|css|html|svg|webmanifest|json|txt|wasm)$/;
/** zxing's barcode decoder, for browsers without BarcodeDetector: served from our origin (src/components/scan/wasmReader.ts). */
const ZXING_READER_WASM = path.join(root, 'node_modules/zxing-wasm/dist/reader/zxing_reader.wasm');
/** MUI's CSS-variables theme, as `createTheme` and `ThemeProvider` import it: see src/app/muiCssVarsOff.ts. */
// Real path: webpack names issuers by it, and node_modules may be a symlink (a git worktree sharing one install).
const MUI_STYLES = realpathSync(path.join(root, 'node_modules/@mui/material/styles'));
const MUI_CSS_VARS = /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.mjs$/;
const MUI_CSS_VARS_USERS = new Set(['createTheme.mjs', 'ThemeProvider.mjs'].map((file) => path.join(MUI_STYLES, file)));

type StatsModule = { name?: string; size?: number; modules?: StatsModule[] };

/** Leaves of webpack's module tree: a concatenated module lists the files inlined into it. */
function moduleFiles(modules: StatsModule[] = []): { name: string; size: number }[] {
  return modules.flatMap((m) => (m.modules ? moduleFiles(m.modules) : [{ name: m.name ?? '', size: m.size ?? 0 }]));
}

/** Keeps the chunk graph and each chunk's files (not webpack's 60 MB of full stats) for scripts/bundle-budget.mjs. */
class ChunkStatsPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.done.tap('ChunkStatsPlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        entrypoints: true,
        chunkGroups: true,
        chunks: true,
        chunkModules: true,
        chunkModulesSpace: Infinity,
        nestedModules: true,
        nestedModulesSpace: Infinity,
        dependentModules: true,
        ids: true,
      });
      const groups = (named: typeof json.namedChunkGroups = {}) =>
        Object.fromEntries(Object.entries(named).map(([name, group]) => [name, { chunks: group.chunks ?? [] }]));
      const summary = {
        entrypoints: groups(json.entrypoints),
        namedChunkGroups: groups(json.namedChunkGroups),
        chunks: (json.chunks ?? []).map((chunk) => ({
          id: chunk.id,
          names: chunk.names,
          files: chunk.files,
          initial: chunk.initial,
          modules: moduleFiles(chunk.modules as StatsModule[]),
        })),
      };
      mkdirSync(path.dirname(statsFile), { recursive: true });
      writeFileSync(statsFile, JSON.stringify(summary));
    });
  }
}

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.join(root, 'dist/web'),
      publicPath: '/',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[id].[contenthash:8].js' : '[name].js',
      // Spec §9: guides load pages over weak mobile signals.
      chunkLoadTimeout: 120000,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      // react-router 7's export map names only its development build (remix-run/react-router#14102), which
      // logs developer warnings in users' consoles; its production build ships beside it.
      alias: production
        ? {
            'react-router$': path.join(reactRouterDist, 'index.mjs'),
            'react-router/dom$': path.join(reactRouterDist, 'dom-export.mjs'),
          }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
                target: 'es2022',
              },
            },
          },
        },
        // MUI's and react-router's .mjs files import without extensions.
        { test: /\.m?js$/, resolve: { fullySpecified: false } },
        // The domain rules are pure (STYLE.md): a page importing one constant of a module does not get the module's
        // other imports, e.g. date-fns-tz through slotRules' server-side checks.
        { test: /[\\/]src[\\/]domain[\\/]/, sideEffects: false },
      ],
    },
    // No eval-based source maps: the production CSP forbids eval, and dev should behave the same.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    optimization: {
      minimize: production,
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      // The runtime is a file of its own, not inlined: the CSP allows only script-src 'self'.
      runtimeChunk: 'single',
      // Over HTTP/1.1 every further file of a page costs a phone a round trip: a page's lazy code is one file,
      // not a split of MUI pieces shared with other pages. The Manager's grid pages (DataGrid and date pickers)
      // are the exception: they share those, so that moving between them downloads the grid once. So do the guide's
      // day and slot pages, opened one after the other on a first visit: the code both use is one file.
      splitChunks: {
        chunks: (chunk) => chunk.canBeInitial() || GRID_PAGES.has(chunk.name ?? ''),
        cacheGroups: {
          guidePages: {
            name: 'guide-pages',
            chunks: (chunk) => GUIDE_PAGES.has(chunk.name ?? ''),
            minChunks: 2,
            minSize: 0,
            priority: 5,
          },
        },
      },
      moduleIds: 'deterministic',
      // Exports shared between chunks get the shortest names rather than hashed ones (webpack's documented choice
      // for download size over long-term caching): a deploy already changes most chunks' names.
      mangleExports: 'size',
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(publicDir, 'index.html'), scriptLoading: 'defer' }),
      // public/ (favicon, manifest, icons) as is; index.html goes through HtmlWebpackPlugin.
      new CopyPlugin({
        patterns: [
          { from: publicDir, globOptions: { ignore: ['**/index.html'] } },
          { from: ZXING_READER_WASM, to: 'zxing/[name][ext]' },
        ],
      }),
      ...(production
        ? [
            new webpack.NormalModuleReplacementPlugin(MUI_CSS_VARS, (resource) => {
              if (MUI_CSS_VARS_USERS.has(resource.contextInfo.issuer)) {
                resource.request = path.join(root, 'src/app/muiCssVarsOff.ts');
              }
            }),
            // Production only: a worker registered by the dev server would keep serving an old build.
            new InjectManifest({
              swSrc: path.join(root, 'src/sw.ts'),
              swDest: 'sw.js',
              // The app's code, pages, icons and the barcode decoder (a scan works offline); not source maps, .br/.gz
              // copies or licence notes.
              include: [/\.(js|css|html|svg|png|woff2?|webmanifest|wasm)$/],
              // Hashed names change with their content: precaching needs no cache-busting revision for them.
              dontCacheBustURLsMatching: /\.[0-9a-f]{8}\.js$/,
            }),
            // name.gz and name.br beside each asset, sent as they are by server/plugins/spa.ts (preCompressed)
            // instead of compressing every response.
            new CompressionPlugin({
              test: COMPRESSIBLE,
              threshold: 1024,
              filename: '[path][base].gz',
              algorithm: 'gzip',
              compressionOptions: { level: 9 },
            }),
            new CompressionPlugin<BrotliOptions>({
              test: COMPRESSIBLE,
              threshold: 1024,
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              compressionOptions: {
                params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
              },
            }),
            new ChunkStatsPlugin(),
          ]
        : []),
    ],
    // What a page loads first is guarded, gzipped, by `npm run bundle:check`; these only keep webpack's own warning
    // for the Manager's grid pages, which share one large lazy chunk (DataGrid and date pickers).
    performance: {
      hints: production ? 'warning' : false,
      maxEntrypointSize: 700_000,
      maxAssetSize: 900_000,
      // The barcode decoder is fetched only when a scan needs it, and precached by the service worker.
      assetFilter: (file: string) => !/\.(map|wasm)$/.test(file),
    },
    devServer: {
      port: 5173,
      historyApiFallback: true,
      hot: true,
      proxy: [
        {
          context: ['/api', '/auth'],
          target: API_SERVER,
          changeOrigin: true,
          // The API checks Origin on its cookie routes; seen through the proxy the page is on the API's origin.
          onProxyReq: (proxyReq) => {
            if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', API_SERVER);
          },
        },
      ],
    },
  };
};
