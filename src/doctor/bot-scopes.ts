/**
 * The bot scopes `manifest.yml` asks for (a test keeps the two equal). Kept in code because the
 * doctor runs from the compiled build, where no YAML parser is installed.
 */
export const BOT_SCOPES = ['commands', 'chat:write', 'users:read', 'channels:history', 'groups:history', 'channels:read', 'groups:read', 'im:history', 'im:write'] as const;
