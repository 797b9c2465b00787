/** Where `loadout learn` keeps usage events and `loadout serve --record` appends them, relative to the working folder. */
export const DEFAULT_FEEDBACK_STORE = '.loadout/feedback.jsonl';
