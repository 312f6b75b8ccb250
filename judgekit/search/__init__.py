"""One search over the rules, the glossary, the official FAQ's rulings (in our words) and the cards.

`words` turns text into the words a search compares (stop words out, Snowball stems, the table of
other games' words and table talk, typo correction for words outside the vocabulary); `documents`
gathers what is searched, each with the rules it rests on; `asked` learns from judgekit's scenarios
the words people ask each rule with; `index` ranks them (BM25F, fields weighted, FAQ rulings lending
to their rules, a question's intent) and keeps the built index, plain JSON-able data, in judgekit's
cache.
"""
