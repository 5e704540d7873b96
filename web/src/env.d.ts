// Side-effect imports of stylesheets are bundled by esbuild.
declare module '*.css';
