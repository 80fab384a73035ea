// jsdom ships no types and @types/jsdom is not installed: the little the published-storefront test uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
