import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

const root = path.dirname(fileURLToPath(import.meta.url));
const compressible = /\.(js|css|html|json|svg|txt|map|woff|ttf|eot)$/;

// Records which JavaScript each entry and each named route chunk needs, for scripts/bundle-budget.mjs.
class BuildManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const manifest = { entries: {}, routes: {} };
          for (const [name, group] of compilation.namedChunkGroups) {
            const files = [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].filter((file) =>
              file.endsWith('.js'),
            );
            if (compilation.entrypoints.has(name)) manifest.entries[name] = files;
            else manifest.routes[name] = files;
          }
          compilation.emitAsset(
            'build-manifest.json',
            new compiler.webpack.sources.RawSource(JSON.stringify(manifest, null, 2)),
          );
        },
      );
    });
  }
}

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: root,
    entry: { main: './src/main.tsx' },
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
      // SPEC §9: script chunk time-out 120 s.
      chunkLoadTimeout: 120_000,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { '@': path.join(root, 'src') },
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
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(woff2?|ttf|eot|svg|png|jpe?g|webp|gif)$/, type: 'asset/resource' },
        // `import('…?raw')`: the file's text as a lazy chunk (the server's common-password list).
        { resourceQuery: /raw/, type: 'asset/source' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg' }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      new CopyWebpackPlugin({
        patterns: [
          { from: path.join(root, '../i18n/en/*.json'), to: 'locales/en/[name][ext]' },
          { from: path.join(root, '../i18n/ru/*.json'), to: 'locales/ru/[name][ext]' },
          { from: path.join(root, 'public/images'), to: 'images' },
          { from: path.join(root, 'public/sounds'), to: 'sounds' },
        ],
      }),
      new BuildManifestPlugin(),
      ...(production
        ? [
            new CompressionPlugin({
              test: compressible,
              filename: '[path][base].gz',
              algorithm: 'gzip',
              compressionOptions: { level: 9 },
              threshold: 0,
              minRatio: Number.MAX_SAFE_INTEGER,
            }),
            new CompressionPlugin({
              test: compressible,
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 0,
              minRatio: Number.MAX_SAFE_INTEGER,
            }),
          ]
        : []),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    performance: { hints: false },
  };
};
