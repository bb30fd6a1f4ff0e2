/**
 * Slack emoji shortcodes as the characters a terminal shows, for the ones Radar's answers use (and a
 * few common neighbours). Unknown shortcodes are left as they are; text inside `code` is untouched
 * only in the sense that a shortcode there is rare enough not to matter.
 */
export const EMOJI: Readonly<Record<string, string>> = {
  warning: '⚠️',
  white_check_mark: '✅',
  heavy_check_mark: '✔️',
  x: '❌',
  hourglass: '⌛',
  crescent_moon: '🌙',
  calendar: '📅',
  zzz: '💤',
  hourglass_flowing_sand: '⏳',
  memory: '📝',
  pencil: '📝',
  wastebasket: '🗑️',
  satellite_antenna: '📡',
  newspaper: '📰',
  large_orange_diamond: '🔶',
  large_blue_diamond: '🔷',
  information_source: 'ℹ️',
  mag: '🔍',
  bell: '🔔',
  no_bell: '🔕',
  eyes: '👀',
  tada: '🎉',
  rocket: '🚀',
  chart_with_upwards_trend: '📈',
  chart_with_downwards_trend: '📉',
  red_circle: '🔴',
  large_green_circle: '🟢',
  large_yellow_circle: '🟡',
  arrow_right: '➡️',
  link: '🔗',
  lock: '🔒',
  robot_face: '🤖',
  pushpin: '📌',
  clipboard: '📋',
  sparkles: '✨',
  bulb: '💡',
  bar_chart: '📊',
  dart: '🎯',
  grey_question: '❔',
  pencil2: '✏️',
  scissors: '✂️',
  bust_in_silhouette: '👤',
  label: '🏷️',
  speech_balloon: '💬',
  ticket: '🎫',
  no_entry_sign: '🚫',
};

/** `:white_check_mark: Done` -> `✅ Done`; `:unknown:` stays `:unknown:`. */
export function renderEmoji(text: string): string {
  return text.replace(/:([a-z0-9_+-]+):/g, (match, name: string) => EMOJI[name] ?? match);
}
