export * from './builders.js';
export * from './limits.js';
export * from './text.js';
export * from './time.js';
export * from './duration.js';
export * from './markdown.js';
export * from './table.js';
export * from './numbers.js';
