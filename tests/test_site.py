"""`judgekit site` and `run -f html`: the offline reference, checked page by page and in a real browser.

The browser tests drive Debian's Chromium through its chromedriver, as a judge would use the site on
a phone: type into the search box, follow a rule link, open a card. Under CI (`CI` set) a missing
browser is a failure, never a skip; `.ci/run` installs it.
"""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from judgekit.faq import load_index, slug
from judgekit.site.build import SiteError, build_site
from judgekit.site.links import check_links
from judgekit.search.index import Index
from judgekit.site.search_index import build as build_search_index

from tests.conftest import ROOT

CARDS = json.loads((ROOT.parent / "shared" / "reference" / "cards-wnc.json").read_text(encoding="utf-8"))["cards"]


def full_name(card: dict) -> str:
    return card["name"] + (f": {card['subtitle']}" if card.get("subtitle") else "")


# the cards printed with BLOCKER, read from the publisher's card list, not from judgekit
BLOCKERS = {full_name(c) for c in CARDS if "BLOCKER" in c["keywords"]}


@pytest.fixture(scope="module")
def site(tmp_path_factory, book):
    out = tmp_path_factory.mktemp("site") / "out"
    build_site(out, book, "user", [ROOT / "scenarios" / "examples"])
    return out


def test_every_internal_link_and_anchor_resolves(site):
    assert check_links(site) == []


def test_no_page_or_script_names_anything_outside_the_site(site):
    for path in list(site.rglob("*.html")) + list(site.rglob("*.js")) + list(site.rglob("*.css")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href|action)=["']?(https?:)?//""", text), path
        assert "@import" not in text and "url(" not in text, path


def test_every_pool_card_has_a_page_listing_each_of_its_faq_rulings(site):
    index = load_index()
    pages = {p.stem for p in (site / "cards").glob("*.html")} - {"index"}
    assert pages == {slug(full_name(c)) for c in CARDS} and len(pages) == 151
    for card, info in index.cards.items():
        if card == "GENERAL":
            continue
        page = (site / "cards" / f"{slug(card)}.html").read_text(encoding="utf-8")
        assert page.count('<section class="faq"') == info["answers"], card


def test_a_card_page_shows_the_errata_of_every_printing_and_each_faq_answer_under_its_question(site):
    """The Johnny Silverhand erratum is of one printing (Beta Iconic): the card's page still shows it. Each FAQ
    answer is shown under the FAQ's own question (in our words), judgekit's board ruling labelled as its own."""
    page = (site / "cards" / f"{slug('Johnny Silverhand: Never Stop Fighting')}.html").read_text(encoding="utf-8")
    assert '<p class="erratum"><strong>Erratum (its beta-iconic printing only)</strong>' in page
    index = load_index()
    offering = (site / "cards" / f"{slug('Peace Offering')}.html").read_text(encoding="utf-8")
    asked = index.rulings["Peace Offering#1"].asked
    assert offering.index(f"<strong>Q.</strong> {asked}") < offering.index("<strong>Official answer.</strong>")


def test_every_rule_has_an_anchor_by_id_and_by_number(site, book):
    pages = {p.name: p.read_text(encoding="utf-8") for p in (site / "rules").glob("ch-*.html")}
    for entry in book.entries.values():
        page = pages[f"ch-{entry.chapter}.html"]
        assert f'id="{entry.id}"' in page
        number, _ = book.number(entry.id, "user")
        assert f'<span id="{number}">' in page


def test_every_page_says_its_edition_and_has_landmarks(site):
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert "Rules edition <strong>user</strong>" in text, path
        for landmark in ("<main", "<footer", "<h1"):
            assert landmark in text, (path, landmark)
        assert '<html lang="en">' in text and 'name="viewport"' in text


def test_a_rule_number_in_a_text_is_a_link_to_that_rule(site, book):
    # 10.6.2 (an effect's "defeat X" with X gone) is cited by number in the FAQ index's answers
    pages = "".join(p.read_text(encoding="utf-8") for p in (site / "cards").glob("*.html"))
    links = set(re.findall(r'<a href="\.\./rules/ch-(\d+)\.html#([\w.-]+)">(\d+(?:\.\d+)+)\??</a>', pages))
    assert links
    for chapter, rule_id, number in links:
        assert book.get(rule_id).chapter == chapter


def _ratio(a: str, b: str) -> float:
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_text_colours_have_sufficient_contrast_in_light_and_dark_mode():
    css = (ROOT / "judgekit" / "site" / "assets" / "site.css").read_text(encoding="utf-8")
    blocks = re.findall(r":root\s*\{([^}]*)\}", css)
    assert len(blocks) == 2  # light, and dark under prefers-color-scheme
    for block in blocks:
        colours = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-f]{6})", block))
        for fg, bg in (("fg", "bg"), ("muted", "bg"), ("link", "bg"), ("inferred", "bg"), ("fg", "accent"),
                       ("muted", "accent"), ("link", "accent"), ("warn-fg", "warn-bg")):
            assert _ratio(colours[fg], colours[bg]) >= 4.5, (fg, bg, block)


# Questions as asked at a table, other games' words, a typo, a keyword, a card: issue #27 asks for "the same
# ranking as `judgekit search` where practical"; the site ships the command's own index and applies it.
SAME_RANKING = ["blocker", "graveyard", "Can a unit attack the turn it was played?", "summoning sickness",
                "What happens when both units have the same power in a fight?", "bloker", "goro",
                "can I tap my legends for mana", "Can I attack a ready unit?", "how many gigz can a unit steel",
                "Does the host get the tags of the gear?", "exile a card"]
# Ranked alike too: English words no typo (kept as typed, first letters differ), rule numbers, a table word.
SAME_RANKING_TOO = ["trample burn clone with blocker", "9.23.2", "how many gigs, rule 9.23.2?", "CR 11.3.1.1.",
                    "do I have lethal", "corpo security", "Adam Smasher", "johnny silverhand: never stop fighting"]


def test_the_browser_reads_a_query_as_judgekit_search_does(site, browser, book):
    """Stop words, other games' words, the keyword in capitals, a hyphenated word and typos outside the
    vocabulary: the same stems searched on both sides (the browser, without a Snowball stemmer, corrects
    "replacment" to "replacement" where the command stems it to "replac" directly: the same stem)."""
    index = Index(book)
    queries = SAME_RANKING + ["Can I equip a gear to a face-down legend?", "what happens to an ATTACK effect",
                              "replacment effects order", "upkeep mulligun", "equiped gear powr", "what happens on a fight tye",
                              "sumoning sickness", "graveyrd"]
    browser.get((site / "search.html").as_uri())
    got = browser.execute_script("return arguments[0].map(function (q) { return window.judgekitQueryStems(q); })",
                                 queries)
    assert got == [[index.stem(w) for w in index.query_words(q)] for q in queries]


def test_the_site_search_ranks_as_judgekit_search_does(site, browser, book):
    """The top 3 of the site's search box are the top 3 of `judgekit search`, in order (issue #27)."""
    index = Index(book)
    urls = [d["u"] for d in build_search_index(index, _places(book), "user")["docs"]]
    position = {(d["kind"], d["key"]): n for n, d in enumerate(index.documents)}
    browser.get((site / "search.html").as_uri())
    queries = SAME_RANKING + SAME_RANKING_TOO
    found = browser.execute_script("return arguments[0].map(function (q) { "
                                   "return window.judgekitSearch(q, 3).map(function (d) { return d.u; }); })", queries)
    for query, got in zip(queries, found, strict=True):
        want = [urls[position[(h.kind, h.key)]] for h in index.search(query, 3)]
        assert got == want, query


def test_the_search_index_stays_small(site):
    """Issue #27: each page small, the whole site a few MB; the search index is the largest file (about 1.15 MB,
    of which about 250 KB the word and rule vectors of judgekit.search.vectors)."""
    assert (site / "assets" / "search-data.js").stat().st_size < 1_250_000


def test_results_follow_each_key_while_a_word_is_being_typed(site, browser):
    """"bloc" is no word yet: while it is typed, the results are those of the word it begins (blocker)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get((site / "search.html").as_uri())
    browser.find_element(By.ID, "q").send_keys("bloc")
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#results li"))
    first = browser.find_elements(By.CSS_SELECTOR, "#results li a")[0].text
    assert "BLOCKER" in first.upper(), first


def _places(book):
    from judgekit.site.links import Places
    return Places(book, "user")


def test_a_site_is_written_only_into_a_new_empty_or_earlier_site_folder(tmp_path, book):
    (tmp_path / "keep.txt").write_text("mine")
    with pytest.raises(SiteError, match="not empty"):
        build_site(tmp_path, book, "user", [])
    assert (tmp_path / "keep.txt").read_text() == "mine"


def test_the_command_writes_the_site_and_refuses_a_missing_corpus(tmp_path, capsys):
    from judgekit.cli import main
    with pytest.raises(SystemExit) as exit_:
        main(["site", str(tmp_path / "s"), "--corpus", str(tmp_path / "nowhere")])
    assert exit_.value.code == 2 and "no such file or folder" in capsys.readouterr().err
    assert not (tmp_path / "s").exists()


def test_run_html_is_one_standalone_page_whose_citations_link_to_the_quoted_rules(tmp_path, capsys):
    from judgekit.cli import main
    with pytest.raises(SystemExit) as exit_:
        main(["run", str(ROOT / "scenarios" / "examples" / "legend-returned-to-hand.yaml"), "-f", "html"])
    assert exit_.value.code in (0, None)
    page = capsys.readouterr().out
    (tmp_path / "ruling.html").write_text(page, encoding="utf-8")
    assert check_links(tmp_path) == []
    assert '<a href="#rule-removed-from-game">5.13</a>' in page
    assert 'id="rule-removed-from-game"' in page and "<style>" in page and "<script" not in page


# -- in a real browser -------------------------------------------------------------------------------

def _driver(width: int, height: int, scratch: Path):
    """Chromium through chromedriver; Chromium's own temporary folders (its singleton socket, which it leaves behind
    even on a clean quit) go in `scratch`, pytest's temporary folder, not in the machine's /tmp one per run."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        chromium = None
    if not (chromium and driver_path):
        message = "Chromium, chromedriver and selenium are needed (apt-get install chromium chromium-driver; " \
                  "pip install selenium); .ci/run installs them"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height,
                                                                          "pixelRatio": 1}})
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    return webdriver.Chrome(service=Service(driver_path, env={**os.environ, "TMPDIR": str(scratch)}), options=options)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = _driver(360, 780, tmp_path_factory.mktemp("chromium"))
    yield driver
    driver.quit()


def _requests(driver) -> list[str]:
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


def _artifacts() -> Path:
    folder = Path(os.environ.get("JUDGEKIT_ARTIFACTS", ROOT / "artifacts")) / "site"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_judge_searches_follows_a_rule_and_opens_a_card_offline(site, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get_log("performance"), browser.get_log("browser")  # start both logs afresh
    browser.get((site / "index.html").as_uri())
    box = browser.find_element(By.ID, "q-top")
    box.send_keys("blocker\n")  # the search box on every page submits to the search page
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#results li"))
    hits = browser.find_elements(By.CSS_SELECTOR, "#results li")
    # each hit's class and its link's text as shown, read in one call rather than three per hit
    shown = browser.execute_script("return arguments[0].map(function (h) { "
                                   "return [h.className, h.querySelector('a').innerText]; })", hits)
    kinds = [kind for kind, _ in shown]
    assert any("hit-rule" in k or "hit-term" in k for k in kinds[:3])
    card_titles = [title for kind, title in shown if "hit-card" in kind]
    assert card_titles[0] in BLOCKERS and BLOCKERS <= set(card_titles), card_titles
    browser.save_screenshot(str(_artifacts() / "search-phone.png"))

    rule_hit = next(h for h, k in zip(hits, kinds) if "hit-rule" in k or "hit-term" in k)
    rule_hit.find_element(By.TAG_NAME, "a").click()
    WebDriverWait(browser, 10).until(lambda d: "#" in d.current_url)
    anchor = browser.current_url.split("#", 1)[1]
    target = browser.find_element(By.ID, anchor)
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", target)
    assert -2 <= top < 200, top  # landed on the rule's anchor (scrolled to the top of the page)
    assert "BLOCKER" in target.text.upper()

    index = load_index()
    card = next(name for name in sorted(BLOCKERS) if index.for_card(name))
    browser.get((site / "cards" / f"{slug(card)}.html").as_uri())
    sections = browser.find_elements(By.CSS_SELECTOR, "section.faq")
    assert len(sections) == len(index.for_card(card)) > 0
    assert "Official answer" in sections[0].text
    width = browser.execute_script("return document.scrollingElement.scrollWidth")
    assert width <= 360, f"the page scrolls sideways at phone width ({width}px)"
    browser.save_screenshot(str(_artifacts() / "card-phone.png"))

    requests = _requests(browser)
    assert requests and all(u.startswith(("file://", "data:")) for u in requests), requests
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []


def test_laptop_width_screenshot_and_no_sideways_scroll(site, browser):
    """The phone's browser, its screen set to a laptop's for this test (one Chromium for the module)."""
    browser.get_log("browser")
    try:
        for page in ("index.html", "rules/ch-4.html", "cards/goro-takemura-hands-unclean.html"):
            browser.get((site / page).as_uri())  # the phone's screen comes back with each page: set it after
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
            assert browser.execute_script("return window.innerWidth") == 1280
            assert browser.execute_script("return document.scrollingElement.scrollWidth") <= 1280
        browser.save_screenshot(str(_artifacts() / "card-laptop.png"))
        assert [e for e in browser.get_log("browser") if e["level"] == "SEVERE"] == []
    finally:
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 360, "height": 780, "deviceScaleFactor": 1, "mobile": True})
