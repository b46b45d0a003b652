import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack, { type Compiler, type Configuration } from 'webpack';
import 'webpack-dev-server';

const root = __dirname;
const publicDir = path.join(root, 'public');
const API_SERVER = 'http://localhost:3000';
const reactRouterDist = path.join(root, 'node_modules/react-router/dist/production');

/** Copies public/ (favicon, manifest, icons) to the output as is; index.html goes through HtmlWebpackPlugin. */
class PublicFilesPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PublicFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const name of readdirSync(publicDir)) {
            if (name === 'index.html') continue;
            const file = path.join(publicDir, name);
            compilation.fileDependencies.add(file);
            compilation.emitAsset(name, new webpack.sources.RawSource(readFileSync(file)));
          }
        },
      );
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
      filename: production ? '[name].[contenthash].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash].js' : '[name].js',
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
      ],
    },
    // No eval-based source maps: the production CSP forbids eval, and dev should behave the same.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    optimization: {
      minimize: production,
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
      // The runtime is a file of its own, not inlined: the CSP allows only script-src 'self'.
      runtimeChunk: 'single',
      splitChunks: { chunks: 'all' },
      moduleIds: 'deterministic',
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(publicDir, 'index.html'), scriptLoading: 'defer' }),
      new PublicFilesPlugin(),
    ],
    performance: { hints: production ? 'warning' : false, maxEntrypointSize: 700_000, maxAssetSize: 700_000 },
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
