/* judgekit's offline search: the ranking of `judgekit search` (judgekit/search/index.py), run on the
   index judgekit/site/search_index.py ships in search-data.js (window.JK_SEARCH): the same words, stop
   words, table of other games' words, opposites, typo correction, BM25F weights, kind weights, the
   score FAQ rulings lend to their rules, a question's intent, the deciding sub-rule and a heading's first
   sub-rule. No network, no framework. */
(function () {
  "use strict";
  var data = window.JK_SEARCH;
  var stop = Object.create(null), vocabulary = Object.create(null);
  data.stop.forEach(function (w) { stop[w] = true; });
  data.vocabulary.forEach(function (w) { vocabulary[w] = true; });
  var WORD = /\[?[a-z0-9€$]+(?:[-' ][a-z0-9]+)*?\]|[a-z0-9€$]+(?:[-'][a-z0-9]+)*/g;

  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  function tokens(text) { return text.toLowerCase().replace(/[’‘]/g, "'").match(WORD) || []; }
  function stem(w) { return has(data.stems, w) ? data.stems[w] : w; }
  function slot(w) { return has(data.postings, stem(w)) ? data.postings[stem(w)] : null; }
  function frequency(w) { var found = slot(w); return found ? found[1].length : 0; }

  /* judgekit.search.words.words: stop words out, "'s" dropped, parts of keywords and hyphenated words added */
  function words(text) {
    var out = [];
    tokens(text).forEach(function (t) {
      if (/'s$/.test(t)) t = t.slice(0, -2);
      if (!t || stop[t]) return;
      out.push(t);
      var parts = t.charAt(0) === "[" ? t.slice(1, -1).split(" ") : t.indexOf("-") >= 0 ? t.split("-") : [];
      parts.forEach(function (p) { if (p && !stop[p]) out.push(p); });
    });
    return out;
  }

  function expand(list) { return [].concat.apply([], expandGroups(list)); }

  /* judgekit.search.words.expand_groups: one group for each thing said */
  function expandGroups(list) {
    var out = [], i = 0;
    while (i < list.length) {
      var size = Math.min(data.longest, list.length - i), found = false;
      for (; size > 0; size--) {
        var said = list.slice(i, i + size).join(" ");
        if (has(data.table, said)) {
          var group = [];
          data.table[said].forEach(function (m) { group.push.apply(group, tokens(m)); });
          out.push(group);
          i += size; found = true; break;
        }
      }
      if (!found) { out.push([list[i]]); i += 1; }
    }
    return out;
  }

  /* judgekit.search.words.shares: each of the n words a table phrase stands for counts n ** -groupPower */
  function shares(groups) {
    var out = {};
    groups.forEach(function (group) {
      var found = group.filter(function (w) { return !stop[w]; });
      var share = found.length ? Math.pow(found.length, -data.groupPower) : 1;
      found.forEach(function (w) {
        [w].concat(w.split("-")).forEach(function (p) { out[p] = Math.max(has(out, p) ? out[p] : 0, share); });
      });
    });
    return out;
  }

  /* Damerau-Levenshtein distance (optimal string alignment) */
  function distance(a, b) {
    var d = [], i, j;
    for (i = 0; i <= a.length; i++) { d.push([i]); }
    for (j = 1; j <= b.length; j++) { d[0][j] = j; }
    for (i = 1; i <= a.length; i++) {
      for (j = 1; j <= b.length; j++) {
        var cost = a.charAt(i - 1) === b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) === b.charAt(j - 2) && a.charAt(i - 2) === b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length][b.length];
  }

  /* judgekit.search.words.correct: the closest word of the vocabulary or of the table's phrases within 1 edit
     (under 6 letters) or 2, with the same first letter */
  function correct(word) {
    var limit = word.length < 3 ? 0 : word.length < 6 ? 1 : 2, best = null;
    if (!limit) return word;
    candidates.forEach(function (v) {
      if (Math.abs(v.length - word.length) > limit) return;
      if (v.charAt(0) !== word.charAt(0)) return;  /* a typo keeps its first letter */
      var key = [distance(word, v), -frequency(v) * (v.length === word.length ? data.sameLength : 1), v];
      if (key[0] > limit) return;
      if (!best || key[0] < best[0] || (key[0] === best[0] && (key[1] < best[1] ||
          (key[1] === best[1] && key[2] < best[2])))) best = key;
    });
    return best ? best[2] : word;
  }

  function known(w) { return has(vocabulary, w) || has(stop, w) || Boolean(slot(w)); }

  function unique(list) { return list.filter(function (w, i) { return list.indexOf(w) === i; }); }

  /* the words of the table's other games' phrases ("summoning", "sickness"): corrected to as well */
  var said = Object.create(null);
  Object.keys(data.table).forEach(function (phrase) { phrase.split(" ").forEach(function (w) { said[w] = true; }); });
  var candidates = data.vocabulary.concat(Object.keys(said).filter(function (w) { return !vocabulary[w]; }));

  /* Index._typo: a word in no searched text, no table entry and no stop list, corrected */
  function typo(w) {
    if (w.indexOf("-") >= 0 || w.charAt(0) === "[" || said[w] || known(w)) return w;
    return correct(w);
  }

  /* Index._groups: the query's words, typos corrected, grouped by expandGroups */
  function queryGroups(query) {
    var raw = tokens(query).map(function (t) { return /'s$/.test(t) ? t.slice(0, -2) : t; });
    (query.match(/\b[A-Z][A-Z]+(?: [A-Z][A-Z]+)*\b/g) || []).forEach(function (shouted) {
      var keyword = "[" + shouted.toLowerCase() + "]";
      if (vocabulary[keyword]) raw.push(keyword);
    });
    return expandGroups(raw.filter(Boolean).map(typo));
  }

  /* Index.query_words */
  function queryWords(query) {
    var out = [];
    [].concat.apply([], queryGroups(query)).forEach(function (w) {
      if (stop[w]) return;
      if (w.indexOf("-") >= 0 && w.charAt(0) !== "[" && !has(data.defines, w)) {
        w.split("-").forEach(function (p) { if (p && !stop[p]) out.push(p); });
        return;
      }
      out.push(w);
    });
    var stems = out.map(stem);
    return out.filter(function (w, i) { return stems.indexOf(stems[i]) === i; });  /* one word per stem */
  }

  /* Index.opposite_words */
  function oppositeWords(query, terms) {
    var raw = tokens(query).map(function (t) { return /'s$/.test(t) ? t.slice(0, -2) : t; }).filter(Boolean);
    var out = {};
    expand(raw).forEach(function (w) {
      var owner = terms.indexOf(w) >= 0 ? w : w.split("-").pop();
      if (terms.indexOf(owner) < 0) return;
      (has(data.opposites, w) ? data.opposites[w] : []).forEach(function (o) {
        words(o).forEach(function (p) { if (terms.indexOf(p) < 0 && !has(out, p)) out[p] = owner; });
      });
    });
    return out;
  }

  function subset(a, b) { return Object.keys(a).every(function (w) { return b[w]; }); }
  function size(a) { return Object.keys(a).length; }

  /* Index.search, without "quoted phrases" */
  /* Index._numbered: the rules the query names by number ("9.23.2", "rule 9.23.2", "CR 9.23.2."), in order */
  var NUMBER = /(?:\b(?:rules?|cr)\s*)?(^|[^\w.])(\d{1,2}(?:\.\d+)+)\.?(?![\w.])/gi;
  function numbered(query) {
    var found = [], match;
    NUMBER.lastIndex = 0;
    while ((match = NUMBER.exec(query)) !== null) {
      for (var i = 0; i < data.docs.length; i++) {
        var doc = data.docs[i];
        if (doc.k === "rule" && doc.t.split(" ")[0].replace("?", "") === match[2]) {
          if (found.indexOf(i) < 0) found.push(i);
          break;
        }
      }
    }
    return found;
  }

  function search(query, limit) {
    var named = numbered(query);
    var terms = queryWords(query.replace(NUMBER, "$1 "));
    if (!terms.length) return named.slice(0, limit).map(function (i) { return data.docs[i]; });
    var opposites = oppositeWords(query, terms), scores = {}, matched = {}, stoodFor = {};
    var stems = terms.map(stem), grouped = shares(queryGroups(query.replace(NUMBER, "$1 "))), shareOf = {}, total = 0;
    terms.forEach(function (t) { shareOf[t] = has(grouped, t) ? grouped[t] : 1; total += shareOf[t]; });
    terms.concat(Object.keys(opposites).filter(function (o) { return stems.indexOf(stem(o)) < 0; }))
      .forEach(function (term) {
        var found = slot(term);
        if (!found) return;
        var soft = has(opposites, term), weight = soft ? data.opposite : shareOf[term];
        found[1].forEach(function (doc, i) {
          scores[doc] = (scores[doc] || 0) + weight * found[0] * found[2][i];
          matched[doc] = matched[doc] || {};
          if (soft) { stoodFor[doc] = stoodFor[doc] || {}; stoodFor[doc][opposites[term]] = true; }
          else matched[doc][term] = true;
        });
      });
    Object.keys(scores).forEach(function (doc) {
      var only = Object.keys(stoodFor[doc] || {}).filter(function (w) { return !matched[doc][w]; }).length;
      var got = Object.keys(matched[doc]).reduce(function (sum, t) { return sum + shareOf[t]; }, 0);
      var coverage = (got + data.opposite * only) / total;
      scores[doc] *= data.kinds[data.docs[doc].k] * (0.25 + 0.75 * coverage * coverage);
    });
    lend(scores, matched);
    preferIntent(query, scores);
    preferAdjacent(terms, scores);
    preferSubRules(scores, matched);
    preferMeaning(query, terms, scores);
    preferOwnWords(scores, matched, shareOf);
    preferDeciding(scores);
    preferAddingSubRule(scores, matched, shareOf);
    headingYields(terms, scores);
    preferDefining(query, terms, scores);
    preferNamedCards(query, scores);
    var top = Math.max.apply(null, [0].concat(Object.keys(scores).map(function (d) { return scores[d]; })));
    named.forEach(function (doc, n) { scores[doc] = top * 3 + 1 + named.length - n; });
    return Object.keys(scores).map(Number)
      .sort(function (x, y) { return scores[y] - scores[x] || x - y; })
      .slice(0, limit).map(function (i) { return data.docs[i]; });
  }

  function best(scores, count) {
    return Object.keys(scores).map(Number)
      .sort(function (x, y) { return scores[y] - scores[x] || x - y; }).slice(0, count);
  }

  /* Index._lend: the best FAQ rulings lend part of their score to the rules they rest on */
  function lend(scores, matched) {
    var lenders = {};
    Object.keys(scores).forEach(function (doc) { if (data.docs[doc].k === "ruling") lenders[doc] = scores[doc]; });
    best(lenders, data.lend[1]).forEach(function (doc) {
      var rules = data.docs[doc].r;
      rules.forEach(function (rule) {
        scores[rule] = (scores[rule] || 0) + data.lend[0] * scores[doc] / rules.length;
        matched[rule] = matched[rule] || {};
      });
    });
  }

  /* Index._prefer_intent: among the best, a rule stating what kind of thing the question asks for */
  function preferIntent(query, scores) {
    var asked = query.toLowerCase().replace(/’/g, "'").split(/\s+/).filter(Boolean).join(" "), intent = null;
    data.intents.some(function (pair) {
      if (new RegExp(pair[1]).test(asked)) { intent = pair[0]; return true; }
      return false;
    });
    if (!intent) return;
    best(scores, data.intent[1]).forEach(function (doc) {
      if ((data.docs[doc].s || []).indexOf(intent) >= 0) scores[doc] *= data.intent[0];
    });
  }

  /* Index._prefer_adjacent: among the best 60, 10% more for each line's pair of query words side by side, up to 3 */
  function preferAdjacent(terms, scores) {
    var found = {}, pairs = unique(terms.slice(1).map(function (b, i) { return stem(terms[i]) + " " + stem(b); }));
    if (!pairs.length) return;
    var best = Object.keys(scores).map(Number)
      .sort(function (x, y) { return scores[y] - scores[x] || x - y; }).slice(0, 60);
    pairs.forEach(function (pair) {
      (has(data.pairs, pair) ? data.pairs[pair] : []).forEach(function (doc) { found[doc] = (found[doc] || 0) + 1; });
    });
    best.forEach(function (doc) {
      if (found[doc]) scores[doc] *= 1 + 0.1 * Math.min(found[doc], 3);
    });
  }

  /* families.prefer_sub_rules: the deciding sub-rule just above its parent */
  function preferSubRules(scores, matched) {
    var children = {};
    Object.keys(scores).forEach(function (doc) {
      var parent = data.docs[doc].k === "rule" ? data.docs[doc].p : -1;
      if (parent >= 0 && has(scores, parent) && subset(matched[parent], matched[doc])) {
        (children[parent] = children[parent] || []).push(doc);
      }
    });
    Object.keys(children).sort(function (x, y) { return data.docs[y].d - data.docs[x].d; }).forEach(function (parent) {
      var found = children[parent];
      found.forEach(function (doc) {
        var more = size(matched[doc]) > size(matched[parent]);
        if ((more || found.length === 1) && scores[doc] < scores[parent]) scores[doc] = scores[parent] * 1.001;
      });
    });
  }

  /* Index._prefer_meaning: among the best, a rule whose vector is nearer the query's than the others' gains
     (judgekit.search.vectors: the query's vector is the idf-weighted average of its stems' vectors) */
  var meaning = data.meaning, stemRow = Object.create(null), wordVectors = null, ruleVectors = null;
  function signedBytes(text) {
    var raw = atob(text), out = new Int8Array(raw.length);
    for (var i = 0; i < raw.length; i++) out[i] = (raw.charCodeAt(i) << 24) >> 24;
    return out;
  }
  if (meaning) {
    meaning.stems.forEach(function (s, n) { stemRow[s] = n; });
    wordVectors = signedBytes(meaning.words);
    ruleVectors = signedBytes(meaning.rules);
  }
  function preferMeaning(query, terms, scores) {
    if (!meaning) return;
    var dims = meaning.dims, unknown = Math.log(1 + data.docs.length);
    var said = unique(terms.concat(tokens(query).filter(function (w) { return !stop[w] && typo(w) === w; })).map(stem));
    if (said.length < meaning.least) return;
    var total = new Array(dims).fill(0), norm = 0;
    said.forEach(function (s) {
      if (!(s in stemRow)) return;
      var n = stemRow[s], idf = has(data.postings, s) ? data.postings[s][0] : unknown;
      var scale = idf * meaning.scales[n];
      for (var i = 0; i < dims; i++) total[i] += scale * wordVectors[n * dims + i];
    });
    total.forEach(function (v) { norm += v * v; });
    if (!norm) return;
    norm = Math.sqrt(norm) * 127;
    var shortlist = best(scores, meaning.shortlist), top = scores[shortlist[0]], cosines = {}, sum = 0, count = 0;
    shortlist.forEach(function (doc) {
      var row = data.docs[doc].v;
      if (data.docs[doc].k !== "rule") return;
      var cosine = 0;
      if (row !== undefined) for (var i = 0; i < dims; i++) cosine += total[i] / norm * ruleVectors[row * dims + i];
      cosines[doc] = cosine; sum += cosine; count += 1;
    });
    if (!count) return;
    Object.keys(cosines).forEach(function (doc) { scores[doc] += meaning.weight * top * (cosines[doc] - sum / count); });
  }

  /* families._weight_of: how much some of the query's words say, their IDFs each times its share */
  function weightOf(terms, shareOf) {
    return terms.reduce(function (sum, t) { return sum + (has(shareOf, t) ? shareOf[t] : 1) * slot(t)[0]; }, 0);
  }

  /* families.prefer_own_words: among the best, a rule whose parent, sub-rules or siblings are there too gains by
     the query words it matches that not all of them match */
  function preferOwnWords(scores, matched, shareOf) {
    var shortlist = best(scores, data.own[1]).filter(function (doc) { return data.docs[doc].k === "rule"; });
    if (!shortlist.length) return;
    var asked = weightOf(Object.keys(shareOf).filter(function (t) { return slot(t); }), shareOf) || 1;
    var top = scores[shortlist[0]], gains = {};
    shortlist.forEach(function (doc) {
      var p = data.docs[doc].p;
      var family = shortlist.filter(function (d) {
        return d !== doc && (data.docs[d].p === p || data.docs[d].p === doc || p === d);
      });
      if (!family.length) return;
      var own = Object.keys(matched[doc]).filter(function (t) {
        return !family.every(function (d) { return matched[d][t]; });
      });
      gains[doc] = weightOf(own, shareOf) / asked;
    });
    Object.keys(gains).forEach(function (doc) { scores[doc] += data.own[0] * top * gains[doc]; });
  }

  /* search.prior.prefer_deciding: among the best, a rule that decides many of the scenarios' questions gains a little */
  function preferDeciding(scores) {
    if (!data.decides[2]) return;
    best(scores, data.decides[1]).forEach(function (doc) {
      if (data.docs[doc].k !== "rule") return;
      scores[doc] *= 1 + data.decides[0] * Math.log(1 + (data.docs[doc].w || 0)) / data.decides[2];
    });
  }

  /* families.prefer_adding_sub_rule: among the best 3, a rule's sub-rule matching rarer query words it lacks and
     scoring nearly as well, or scoring within a tenth of it (not a heading's), just above it (the one matching
     most with it) */
  function preferAddingSubRule(scores, matched, shareOf) {
    var adding = data.adding;  /* shortlist, share, idf, near */
    best(scores, adding[0]).forEach(function (parent) {
      if (data.docs[parent].k !== "rule") return;
      var chosen = null, key = null, near = data.docs[parent].h === undefined ? adding[3] : 1;
      data.docs.forEach(function (d, doc) {
        if (d.p !== parent || !has(scores, doc)) return;
        if (scores[doc] < adding[1] * scores[parent] || scores[doc] >= scores[parent]) return;
        var adds = Object.keys(matched[doc]).filter(function (t) { return !matched[parent][t]; });
        var weight = adds.reduce(function (sum, t) {
          return sum + (has(shareOf, t) ? shareOf[t] : 1) * slot(t)[0];
        }, 0);
        if (scores[doc] < near * scores[parent] && weight < adding[2]) return;
        var together = size(matched[parent]) + adds.length;
        if (key === null || together > key[0] || (together === key[0] && scores[doc] > key[1])) {
          chosen = doc; key = [together, scores[doc]];
        }
      });
      if (chosen !== null) scores[chosen] = scores[parent] * 1.001;
    });
  }

  /* families.heading_yields: a heading ("This section defines...") ranked above its first sub-rule trades places
     with it, unless the query says no more than the heading's title */
  function headingYields(terms, scores) {
    var asked = unique(terms.map(stem));
    Object.keys(scores).forEach(function (doc) {
      var first = data.docs[doc].h;
      if (first === undefined || (scores[first] || 0) >= scores[doc]) return;
      var title = words(data.docs[doc].t).map(stem);
      if (asked.every(function (s) { return title.indexOf(s) >= 0; })) return;
      var was = scores[first] || 0;
      scores[first] = scores[doc];
      scores[doc] = was;
    });
  }

  /* Index._prefer_defining: a query naming a term or a rule's title lands on its defining rule */
  function preferDefining(query, terms, scores) {
    var exact = query.toLowerCase().split(/\s+/).filter(Boolean).join(" ");
    var doc = has(data.terms, exact) ? data.terms[exact] : has(data.defines, terms.join(" ")) ? data.defines[terms.join(" ")] : null;
    if (doc === null) return;
    var top = Math.max.apply(null, [0].concat(Object.keys(scores).map(function (d) { return scores[d]; })));
    scores[doc] = top * 2 + 1;
    data.docs.forEach(function (d, n) {
      if (d.k === "term" && d.u === data.docs[doc].u && has(scores, n)) scores[n] = top * 2 + 0.5;
    });
  }
  /* Index._prefer_named_cards: a query that is a card's name (with or without its subtitle) puts the cards so
     named first; card_name_key: lower case, punctuation as spaces */
  function preferNamedCards(query, scores) {
    var key = query.toLowerCase().replace(/\u2019/g, "'").replace(/"[^"]+"/g, " ")
      .replace(/[^\p{L}\p{N}_'-]+/gu, " ").split(/\s+/).filter(Boolean).join(" ");
    var cards = has(data.cardNames, key) ? data.cardNames[key] : [];
    var top = Math.max.apply(null, [0].concat(Object.keys(scores).map(function (d) { return scores[d]; })));
    cards.forEach(function (doc, n) { scores[doc] = top * 4 + cards.length - n; });
  }
  var KIND = {rule: "Rule", term: "Term", ruling: "FAQ ruling", card: "Card"};
  var root = "";  /* search.html sits in the top folder, where every URL of the index starts */
  var input = document.getElementById("q");
  var out = document.getElementById("results");
  var status = document.getElementById("status");

  /* While typing: a last word that is no word yet but begins some becomes the most common of them ("bloc":
     blocker), so results follow each key; a finished query is searched as `judgekit search` would. */
  function completed(text) {
    var last = /([a-z0-9]+)$/i.exec(text);
    if (!last || /\s$/.test(input.value) || last[1].length < 3 || known(last[1].toLowerCase())) return text;
    var begun = last[1].toLowerCase(), best = null;
    data.vocabulary.forEach(function (v) {
      if (v.indexOf(begun) === 0 && (best === null || frequency(v) > frequency(best))) best = v;
    });
    return best === null ? text : text.slice(0, -begun.length) + best;
  }

  function show() {
    var text = completed(input.value.trim());
    out.textContent = "";
    if (!text) { status.textContent = ""; return; }
    var hits = search(text, 50);
    status.textContent = hits.length ? hits.length + " results" : "Nothing matches.";
    hits.forEach(function (d) {
      var li = document.createElement("li");
      li.className = "hit hit-" + d.k;
      var kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = KIND[d.k];
      var a = document.createElement("a");
      a.href = root + d.u;
      a.textContent = d.t;
      var line = document.createElement("p");
      line.textContent = d.l;
      li.appendChild(kind); li.appendChild(document.createTextNode(" ")); li.appendChild(a); li.appendChild(line);
      if (d.c.length && d.k !== "rule") {
        var c = document.createElement("p");
        c.className = "muted";
        c.textContent = "Rests on " + d.c.join(", ");
        li.appendChild(c);
      }
      out.appendChild(li);
    });
  }

  var params = new URLSearchParams(window.location.search);
  if (params.get("q")) input.value = params.get("q");
  input.addEventListener("input", show);
  show();
  window.judgekitSearch = search;
  window.judgekitQueryStems = function (query) { return queryWords(query).map(stem); };
})();
