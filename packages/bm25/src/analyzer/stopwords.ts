/**
 * The default stopwords, dropped from queries only (tool text keeps them):
 * English function words plus the request words of agent queries ("please
 * provide", "I need", "tell me"), which otherwise match every `provide*` /
 * `get*Info` name. Deliberately short: longer lists (all function words,
 * "information", "details", "like", "help") measured no better or worse on
 * the eval sets' dev queries, and the request words helped (figures in
 * `docs/decisions/0040-plural-stemming.md`).
 */
export const DEFAULT_STOPWORDS: readonly string[] = Object.freeze([
  'a', 'about', 'all', 'also', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'been', 'but', 'by', 'can',
  'could', 'did', 'do', 'does', 'for', 'from', 'had', 'has', 'have', 'he', 'her', 'him', 'his', 'how',
  'i', 'if', 'in', 'into', 'is', 'it', 'its', 'me', 'my', 'of', 'on', 'or', 'our', 'please', 's',
  'she', 'should', 'so', 'some', 't', 'than', 'that', 'the', 'their', 'them', 'then', 'there', 'these',
  'they', 'this', 'those', 'to', 'us', 'was', 'we', 'were', 'what', 'when', 'where', 'which', 'who',
  'will', 'with', 'would', 'you', 'your',
  // Request words.
  'give', 'im', 'know', 'let', 'lets', 'need', 'needed', 'needs', 'provide', 'tell', 'want', 'wanted', 'wants',
]);
