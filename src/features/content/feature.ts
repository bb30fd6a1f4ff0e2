import type { Feature } from '../../plugin.js';
import { changesCommand } from './changes.js';
import { contentCommand } from './content.js';

/** Competitors' content: `/radar content` (URL counts, strategic URLs, gaps) and `/radar changes` (the sitemap changelog). */
export const contentFeature: Feature = {
  name: 'content',
  subcommands: [contentCommand, changesCommand],
};
