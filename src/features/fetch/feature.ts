import type { Feature } from '../../plugin.js';
import { fetchCommand } from './fetch.js';

/** The fetch-url tool: `/radar fetch <url> [--headers] [--body]`. */
export const fetchFeature: Feature = {
  name: 'fetch',
  subcommands: [fetchCommand],
};
