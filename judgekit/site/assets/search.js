/* judgekit's offline search: BM25 over the postings in search-data.js (window.JK_SEARCH).
   Words are folded exactly as judgekit/site/search_index.py folds them. No network, no framework. */
(function () {
  "use strict";
  var data = window.JK_SEARCH;
  var stop = {};
  data.stop.forEach(function (w) { stop[w] = true; });
  var words = Object.keys(data.postings);

  function fold(w) {
    w = w.toLowerCase();
    var n = w.length;
    if (n > 4 && /ies$/.test(w)) return w.slice(0, -3) + "y";
    if (n > 5 && /ing$/.test(w)) return w.slice(0, -3);
    if (n > 4 && /ed$/.test(w)) return w.slice(0, -2);
    if (n > 4 && /es$/.test(w) && "sxz".indexOf(w.charAt(n - 3)) >= 0) return w.slice(0, -2);
    if (n > 3 && /s$/.test(w) && !/ss$/.test(w)) return w.slice(0, -1);
    return w;
  }

  function queryWords(text) {
    var raw = (text.toLowerCase().match(/[a-z0-9]+/g) || []).filter(function (w) { return !stop[w]; });
    return raw.map(function (w, i) {
      var f = fold(w);
      if (data.postings[f] || i < raw.length - 1) return [f];
      /* the word being typed: every indexed word it begins */
      return words.filter(function (x) { return x.indexOf(w) === 0; }).slice(0, 20);
    });
  }

  function search(text, limit) {
    var k1 = 1.2, b = 0.75, scores = {}, n = data.idf_n;
    queryWords(text).forEach(function (group) {
      group.forEach(function (w) {
        var list = data.postings[w] || [];
        var idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
        list.forEach(function (p) {
          var tf = p[1], len = data.lengths[p[0]];
          var s = idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len / data.avg));
          scores[p[0]] = (scores[p[0]] || 0) + s / group.length;
        });
      });
    });
    return Object.keys(scores).map(Number)
      .sort(function (x, y) { return scores[y] - scores[x] || x - y; })
      .slice(0, limit).map(function (i) { return data.docs[i]; });
  }

  var KIND = {rule: "Rule", term: "Term", ruling: "FAQ ruling", card: "Card"};
  var root = "";  /* search.html sits in the top folder, where every URL of the index starts */
  var input = document.getElementById("q");
  var out = document.getElementById("results");
  var status = document.getElementById("status");

  function show() {
    var text = input.value.trim();
    out.textContent = "";
    if (!text) { status.textContent = ""; return; }
    var hits = search(text, 30);
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
  window.judgekitFold = fold;
})();
