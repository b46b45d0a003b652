import type { FastifyHelmetOptions } from '@fastify/helmet';

/** Helmet's policy for every answer, API and static files alike (registered in app.ts). */
export const securityHeaders: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The barcode decoder is WebAssembly (compiled, not eval): browsers ask for this keyword before compiling it.
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      // Emotion (MUI) injects <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
};
