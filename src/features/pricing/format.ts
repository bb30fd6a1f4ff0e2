/** Pricing's words live in a shared module (the card and the pricing watch state the same facts in them). */
export * from '../competitor-match/pricing-words.js';
