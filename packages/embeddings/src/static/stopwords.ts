/**
 * Words the static embedder skips: English function words plus the request
 * verbs of agent queries ("please", "want", "get", "use"). SIF's frequency
 * weights alone leave mid-frequency words like "want" and "please" nearly full
 * weight; dropping them measured better on the dev queries
 * (`docs/decisions/0059-static-embedder-recipe.md`).
 */
export const DEFAULT_STATIC_STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves please want wants wanted need needs needed help like also us let lets ' +
    'im may might must shall using get use make find show give tell know provide'
  ).split(' '),
);
