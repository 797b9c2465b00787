/**
 * What `search --explain`'s "learned features" mean: the re-ranker's
 * inputs (packages/learn's RERANK_FEATURES and VECTOR_FEATURES, whose
 * names model files keep), for `loadout learn --help`.
 */
export const LEARNED_FEATURES_HELP = `What search --explain's "learned features" are: the inputs of the re-ranking model
(learned, or rerank's and rerank-glove's own), each shown as its part of the score
(value × weight), the largest five; "bias" is the model's constant. The parts add up
to the score and offset one another, so a negative one on the top tool is no fault.
FIELD is name, description, parameterNames, parameterDescriptions, server or usage
(the tool's past queries, what learn learned); a clause is one step of the query ("find the
file and send it" has two); idf weighs a word by how rare it is in the catalog.
  firstStage         BM25F's score, over the best candidate's
  firstStageRank     1 / (1 + BM25F's rank)
  full, full.FIELD   the query's score (in that field alone) over its summed idf
  fullVsBest         the query's score over the best candidate's
  cover, cover.FIELD share of the query's words (idf-weighted) the tool holds
  clause             the best clause's score over its best candidate's
  clauseScore, clause.FIELD, clauseCover
                     that clause's score (in that field) over its idf, its cover
  nameShare, nameAll share of the tool name's words in the query; 1 when all are
  nameMatched        log(1 + name words matched, compounds included)
  descriptionLength  log(1 + description words); noDescription: 1 when it has none
  sameServerTop10    share of BM25F's other top 10 on the tool's server
  queryTerms, clauses
                     log(1 + the query's words), log(1 + its clauses)
  vector.query, vector.clause, vector.queryVsBest
                     word-vector cosine of the query, of its best clause, to the
                     tool; the query's minus the best candidate's (rerank-glove)
`;
