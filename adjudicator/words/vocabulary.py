"""Every word shown to people, from `laws/words/*.yaml`: the law book's vocabulary (facts,
irregularities, options, roles), the scores' reasons, the events of a log, the card table's
labels, and the words of `resolve`, `quiz` and the table companion's page.

The words live beside the law book, so that an arbiter rewords a question or a phrase without
touching Python. `load` reads every file into its pydantic model and checks it strictly: every
fact the law book can test, every value it can take, every irregularity, option, event and suit
must have its words; every problem is named by file and key, all reported together. Every front
end reads them through `default_words()`.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

import yaml
from pydantic import BaseModel, ConfigDict, Field, StrictBool, TypeAdapter, ValidationError

from ..engine.rules import DERIVED_BASES

from ..lawbook import cache
from ..lawbook.places import WORDS_DIR, missing
from ..record.cards import SUITS
from ..lawbook.facts import FACT_NAMES, Facts
from ..lawbook.laws import ChooserRole, Effect, LawBookError, OffenderRole, Scoring
from ..record.log import EVENT_NAMES, IRREGULARITIES, OPTIONS
from ..record.options import NAMES as OPTION_NAMES



class WordsError(LawBookError):
    """The words cannot be loaded: one message per problem, naming the file and the key (the
    words are part of the law book: a command answers as for a rule file that cannot be read)."""


class Value(BaseModel):
    model_config = ConfigDict(extra="forbid")
    answer: str | None = None
    phrase: str
    implies: dict[str, Any] = {}   # what else this value makes certain (resolve does not ask it)


class FactWords(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str
    named: str | None = None   # the question with {concerned}, {offender}, {adversary} (or {dealer}, {non_dealer}) filled in by resolve
    unknown: StrictBool = False
    offered: list[int] | None = None   # a number's answers offered by resolve
    option: str | None = None   # a fact of the hand asked only where this option of the rules is on (hand.yaml)
    lawful_only: StrictBool = False   # a fact of the hand: only the values some answers make lawful are offered
    asked_if: dict[str, list[Any]] = {}   # a fact of the hand asked only where the book's facts answered have these values
    values: dict[Any, Value]
    given: dict[str, Any] = {}   # said of a ruling only where the other facts have these values (it bears on nothing else)
    said_of: dict[str, dict[Any, str]] = {}   # the phrases where an irregularity makes the fact name something else


class NextWords(BaseModel):
    """Words that depend on the case (what follows an option, next.yaml; an irregularity as
    told, irregularities.yaml): the words of the first fact (in order) whose value the case
    has, else `words`."""
    model_config = ConfigDict(extra="forbid")
    words: str
    if_: dict[str, dict[Any, str]] = Field(alias="if")

    def fitting(self, facts: dict[str, Any]) -> tuple[str, str | None]:
        """The words that fit `facts`, and the fact that chose them (None where none did)."""
        for fact, by_value in self.if_.items():
            if fact in facts and facts[fact] in by_value:
                return by_value[facts[fact]], fact
        return self.words, None


class IrregularityWords(BaseModel):
    model_config = ConfigDict(extra="forbid")
    moment: str
    words: str
    who: str | None = None   # asked when either player may have done it ("Who announced the king?")
    player: str | None = None   # asked for the player the telling makes the dealer, where nobody has dealt yet
    also: list[str] = []     # the other moments it may be found at (listed there too)
    not_done: str | None = None   # ruled only where its remedy was not carried out: what was done instead
    hand: list[str] = []     # the facts of the hand its telling takes (hand.yaml), in the order asked
    until_next_turn_up: StrictBool = False   # final only at the next deal's turn-up (law 50)
    told: NextWords | None = None   # the words as told, where the answers settle `words`' alternatives


class Irregularities(BaseModel):
    model_config = ConfigDict(extra="forbid")
    moments: dict[str, str]
    illustrated: list[str] = []   # the moments whose rulings turn on the hand's cards
    irregularities: dict[str, IrregularityWords]


class Scores(BaseModel):
    """Why the score is what it is (scores.yaml)."""

    model_config = ConfigDict(extra="forbid")
    earned: dict[str, str | dict[Literal["dealer", "non_dealer"], str]]
    claimed: dict[str, str] = {}   # what earned it as claimed, where a ruling may find it was not so
    after_first_card: dict[str, dict[str, str | int]]   # earned after its player's first card: words by role, `law`
    rests_on: dict[str, list[int]]   # a variant's score: the laws it rests on besides its rule
    also_law: str
    marks: str
    would_mark: str     # a mark that a ruling struck out, or cut to nothing
    limited: str
    struck: dict[str, str]
    lapsed: str
    lapsed_part: str
    owed: str          # at the end of a dispute told up to now: not yet marked, still in time
    owed_part: str
    when: dict[Literal["next_turn_up", "log_end"], str]
    nothing: str
    effects: dict[str, str]
    table: dict[str, str]    # the scoring tables of laws 46-49 in words
    games: dict[str, str]    # a pool's or a linked match's games, one by one
    awarded: dict[str, str | dict[Literal["dealer", "non_dealer"], str]]   # law 42's award, valued by another law or rule
    deal: dict[str, str | dict[str, str]]   # a deal in one line (`adjudicate`)


class Synonyms(BaseModel):
    """Search terms that find one another (synonyms.yaml)."""

    model_config = ConfigDict(extra="forbid")
    groups: list[Annotated[list[Annotated[str, Field(min_length=2)]], Field(min_length=2)]]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EventWords(_Strict):
    words: str
    with_: dict[str, str] = Field(default_factory=dict, alias="with")
    each: str | None = None


class Events(_Strict):
    """Each event of a log in words (events.yaml)."""

    count: dict[str, str]
    events: dict[str, EventWords]


class Annulled(_Strict):
    fresh_deal: str
    deal_void: str


class BothLabels(_Strict):
    dealer: str
    non_dealer: str
    looked: str
    not_looked: str
    stock: str
    no_turn_up: str
    trump_open: str    # two cards turned, the trump not yet chosen (law 11)
    each: str
    annulled: Annulled


class BookLabels(_Strict):
    tricks: str
    exposed: str
    faced: str
    trump: str
    turn_up: str
    turn_up_unnamed: str   # a card turned up that the log does not name
    laid_out: str          # superfluous cards laid out unseen
    aside: str
    trick: str
    won_by: str
    discards: str
    score: str
    deal: str
    before_deal: str
    cut: str
    not_cut: str
    face_down: str     # a card the log does not name, in the table's text description
    no_card: str
    taken: str         # the tricks a player has won, in the text description
    unseen: str        # tricks the log gives only as a result, in the text description
    ruled_on: str      # the card a ruling is about, beside the table and in its description
    counted: str       # tricks counted that nobody played (laws 30, 34, 42)


class TerminalLabels(_Strict):
    title: str
    before_deal: str
    empty: str
    unknown_card: str
    no_cards: str
    turn_up: str
    turned: str
    turn_up_unnamed: str   # a card turned up that the record does not name
    discards: str
    aside: str
    exposed: str
    faced: str
    trick: str
    followed: str
    won: str
    taken: str         # the tricks one player has won, their cards
    cut: str


class TablePageWords(_Strict):
    """Every sentence of the table companion's page (table.yaml's `page`), in the order the page
    is given them."""

    title: str
    score: str
    undo: str
    irregular: str
    export: str
    open: str
    restart: str
    restart_sure: str

    record: str
    record_hint: str
    download: str

    sheet: str
    deal: str
    what: str
    dealer: str
    non_dealer: str
    sits_out: str

    names_q: str
    player_n: str
    names_distinct: str
    start: str

    marks_q: str
    marks_page: str
    marks_players: str
    marks_head: str
    marks_owed: str
    marks_none: str
    mark_owed: str
    for_king: str
    for_point: str
    for_vole: str
    mark_more: str
    mark_one: str
    may_mark: str
    lost: str
    to_mark: str
    too_high: str

    game_to_q: str
    game_value_q: str
    value_single: str
    value_treble_double_single: str

    who_deals: str
    cut_highest: str
    cut_lowest: str
    cut_q: str
    cut_card: str
    cut_again: str
    cut_deals: str
    cut_go: str
    deals: str

    turn_up: str
    not_king: str
    by_cards: str

    turn_up_card: str
    leads: str
    follows: str
    led: str
    tricks_so_far: str
    s_cards: str
    double_fold: str
    trick_to: str

    propose_first: str
    propose_again: str
    accepts: str
    refuses: str
    plays_without: str
    plays: str

    king_held: str
    king_hint: str
    nobody: str

    double_q: str
    double_accepted: str
    double_declined: str
    no_double: str
    offer_q: str
    offer_accepted: str
    offer_declined: str
    no_offer: str

    tricks_q: str
    tricks_hint: str
    vole: str
    tricks_n: str

    game_won: str
    won: str
    champion: str
    next_game: str
    start_next: str
    over_hint: str
    game_n: str
    game_won_row: str

    law_head: str
    why_won: str

    s_turned: str
    s_no_proposal: str
    s_acc: str
    s_ref: str
    s_vole: str
    winner: str
    s_king: str
    s_double_acc: str
    s_double_dec: str
    s_offer_acc: str
    s_offer_dec: str
    s_tricks: str

    not_a_log: str
    other_rules: str
    other_options: str
    unknown_player: str
    cannot_read: str
    cannot_open: str

    s_ruling: str
    ruling_chose: str
    ruling_took: str
    ruling_again: str
    ruling_void: str
    ruling_over: str
    ruling_on: str
    ruling_marks: str
    ruling_kept: str
    ruling_changed: str
    ruling_lost: str
    ruling_for: str
    ruling_cut: str
    ruling_award: dict[Literal["point", "vole"], str]   # by the kind awarded
    ruling_nothing: str
    ruling_cite: str
    ruling_cites: str
    ruling_record: str

    apply_refused: str
    apply_rules: str
    apply_no_deal: str
    apply_marks: str
    apply_stake: str
    apply_cards: str
    apply_kings: str
    apply_hand: str

    cannot_follow: str


class TableWords(_Strict):
    """The card table's words, for the book's drawing and the terminal's, and the table
    companion's (table.yaml)."""

    suits: dict[str, str]
    both: BothLabels
    book: BookLabels
    terminal: TerminalLabels
    page: TablePageWords


class QuizStory(_Strict):
    so_far: str
    earlier: str
    found: str
    claimed: str
    then: str
    played: str         # the plays of a hand, not told: the table shows them (a question on the score)
    score_table: str    # the table at the end of the hand carries the score before the ruling
    score_began: str    # a true-or-false round's hand at its end carries the score the deal began with


class QuizQuestions(_Strict):
    law: str
    chooser: str
    options: str
    score: str
    true_false: str     # on {statement}: a true-or-false round (misconceptions.yaml)


class QuizChoices(_Strict):
    law: str
    player: str
    player_no_role: str
    nobody: str
    choice: str
    compulsory: str
    with_effect: dict[str, dict[str, str]]   # an option whose case's effect changes its meaning
    or_: str = Field(alias="or")
    score: str
    true: str
    false: str


class QuizResult(_Strict):
    right: str
    right_read: str         # a `_read` twin: where the case spoken of has an `open_point`
    right_law: str
    wrong: str
    wrong_read: str
    law_text: str
    applies: str
    applies_read: str
    plain: str              # a law's reading, for a right answer where its case tests nothing
    condition_join: str
    why_not_case: str
    why_not_more: str
    why_not_case_read: str
    why_not_more_read: str
    why_not_elsewhere: str
    why_not_score: str
    why_not_told: str       # a wrong law from misconceptions.yaml, with its why
    not_this: str           # why a wrong answer of the other kinds is wrong: {given}, {why}
    not_here: str
    not_here_always: str
    not_for_this: str
    not_here_read: str
    not_here_always_read: str
    not_for_this_read: str
    chooser_offender: str
    chooser_offender_read: str
    chooser_compulsory: str
    chooser_compulsory_read: str   # the same, where the case rests on the book's reading
    chooser_nobody: str
    chooser_other: str
    chooser_nobody_read: str
    chooser_other_read: str
    ruled: str
    ruled_read: str
    option_terms: dict[str, str]   # an option -> the glossary term whose reading the answer gives
    term_reading: str
    why_chooser: str        # whom the law gives the choice to, and who that is here
    why_chooser_role: str
    why_chooser_read: str
    why_chooser_role_read: str
    why_compulsory: str
    why_compulsory_read: str    # the same, where the case rests on the book's reading
    score_start: str        # the arithmetic of a score question: the score when the deal began,
    score_line: str         # each entitlement of the deal,
    score_end: str          # the score at the end
    single_point: dict[str, str]   # why a point won scores one, not two: dealer, no_proposal, accepted
    story: str
    scenario: str           # the scenario's name, said with the result only
    read: str
    read_rules: str
    read_rule: str
    true_right: str
    true_wrong: str
    true_right_read: str    # the same, for a statement whose answer rests on the book's reading
    true_wrong_read: str
    rules_quote: str
    london_law: str
    london_none: str        # a scenario under a rule set, replayed under the London laws
    london_other: str
    london_other_read: str
    london_score: str
    london_score_choice: str   # the London score offered as a wrong choice under a rule set


class QuizEnd(_Strict):
    score: str
    read_again: str
    command: str
    command_rules: str
    all_right: str
    seed: str
    question: str
    fewer: str          # fewer questions than asked for: {asked}, {count}
    no_scenario: str
    no_rules_scenario: str
    no_law: str
    left: str
    recap: str          # the heading of the recap, a line a question after it
    recap_line: str     # on {n}, {mark}, {law}, {title}
    recap_line_changed: str   # a law the rule set asked under changes: also {rules}
    recap_line_removed: str   # or removes
    recap_rule: str     # a rule set's own rule: {n}, {mark}, {rule}
    recap_where: str    # the line under it: {law}, {page}
    recap_where_rules: str
    recap_where_rule: str
    right_mark: str
    wrong_mark: str


class QuizWords(_Strict):
    """The words of `ecarte quiz` (quiz.yaml)."""

    story: QuizStory
    questions: QuizQuestions
    choices: QuizChoices
    result: QuizResult
    end: QuizEnd


class Joined(BaseModel):
    model_config = ConfigDict(extra="forbid")
    between: str
    each: str = "{}"


class Happened(BaseModel):
    """What happened at the table (happened.yaml): a template for each key the engine says."""
    model_config = ConfigDict(extra="forbid")
    said: dict[str, str]
    tables: dict[str, dict[str, str]] = {}
    optional: dict[str, str] = {}
    joined: dict[str, Joined] = {}
    unclaimed: str                    # on {case}: the case's summary, said as what a claim would have had
    unclaimed_choice: dict[str, str]  # may_choose (on {chooser}, {options}), compulsory (on {option})
    by_the_play: list[str] = []       # options the play itself carries out, claimed or not
    unclaimed_by_the_play: str = "{case}"   # on {case}: a ruling nobody claimed whose options are all such
    for_people: dict[str, str] = {}   # a key's words to a person, where `said` names the log's events


PLAIN_SPECS = ("", "s", "spaced")   # happened.yaml's own: a value, a plural ending, an id in words


def _happened(directory: Path, problems: list[str]) -> Happened | None:
    """happened.yaml, with each template's fields checked against the specs it may use."""
    from string import Formatter
    happened = _checked(directory, "happened.yaml", Happened, problems)
    if happened is None:
        return None
    known = set(PLAIN_SPECS) | happened.tables.keys() | happened.optional.keys() | happened.joined.keys()
    problems += [f"happened.yaml: for_people: {key}: not a key of said" for key in happened.for_people
                 if key not in happened.said]
    for key, template in [*happened.said.items(), *happened.for_people.items()]:
        try:
            specs = [spec for _, field, spec, _ in Formatter().parse(template) if field is not None]
        except ValueError as e:
            problems.append(f"happened.yaml: said: {key}: {e}")
            continue
        problems += [f"happened.yaml: said: {key}: {{...:{s}}} is neither a table, an optional nor a joined"
                     for s in specs if s not in known]
    return happened


class Words:
    """The loaded vocabulary, with the lookups every front end uses."""

    def __init__(self, facts: dict[str, FactWords], irregularities: Irregularities,
                 options: dict[str, str | NextWords], roles: dict[str, str],
                 scores: Scores, synonyms: list[list[str]],
                 interview: dict[str, str], next: dict[str, str | NextWords],
                 events: Events, table: TableWords, quiz: QuizWords,
                 happened: Happened, hand: dict[str, FactWords]):
        self.facts = facts
        self.hand = hand   # the facts of the hand `resolve` asks besides the law book's (hand.yaml)
        self.moments = irregularities.moments
        self.illustrated = set(irregularities.illustrated)   # where resolve may show a told deal's cards
        self.irregularities = irregularities.irregularities
        self.options = options
        self.roles = roles
        self.interview = interview   # resolve's own words (interview.yaml)
        self.next = next             # what happens once an option is taken (next.yaml)
        self.scores = scores
        self.synonyms = synonyms
        self.events = events        # each event of a log (events.yaml)
        self.table = table          # the card table's labels and the table companion's words (table.yaml)
        self.happened = happened    # what happened at the table (happened.yaml)
        # the quiz's words (quiz.yaml), as the plain mappings its templates are looked up in
        self.quiz: dict[str, dict[str, Any]] = quiz.model_dump(by_alias=True)

    def labels(self, where: Literal["book", "terminal"]) -> dict[str, Any]:
        """The card table's labels for the book's drawing or the terminal's, with the suits."""
        table = self.table
        return {**table.both.model_dump(), **getattr(table, where).model_dump(), "suits": table.suits}

    def earned(self, basis: str, role: Literal["dealer", "non_dealer"], struck: bool = False) -> str:
        """What an entitlement was earned for (a template on {player}, {dealer}, {elder}); one
        struck out (`struck`), what it was claimed for, where a ruling may find that not so."""
        if struck and basis in self.scores.claimed:
            return self.scores.claimed[basis]
        words = self.scores.earned[basis]
        return words if isinstance(words, str) else words[role]

    def awarded(self, basis: str, role: Literal["dealer", "non_dealer"]) -> str:
        """What values a point or vole awarded for an abandoned hand (law 42), where `basis` is
        not the plain point or vole (a template on {player}, {dealer}, {elder})."""
        words = self.scores.awarded[basis]
        return words if isinstance(words, str) else words[role]

    def following(self, option: str, facts: dict[str, Any]) -> str:
        """What happens once `option` is taken, in the words that fit the case's facts."""
        words = self.next[option]
        return words if isinstance(words, str) else words.fitting(facts)[0]

    def option(self, option: str, facts: dict[str, Any] | None = None) -> str:
        """An option in words; where its words depend on the case (options.yaml's `if:`), the
        words that fit a ruling's `facts` (with its `irregularity`), else the general ones."""
        words = self.options[option]
        return words if isinstance(words, str) else words.fitting(facts or {})[0]

    def remedy(self, option: str, ruling: Any) -> str:
        """An option in words as a remedy of this ruling: the words that fit its facts and its
        irregularity (options.yaml's `if:`)."""
        return self.option(option, {**ruling.facts, "irregularity": ruling.irregularity})

    def case_option(self, option: str, case: Any) -> str:
        """An option in words as a remedy of a case of the law book: the words that fit its
        irregularity and the facts its conditions fix to one value."""
        fixed = {k: v for k, v in case.when.items() if isinstance(v, (str, bool, int))}
        irregularity = case.irregularities[0] if case.irregularities else None
        return self.option(option, {**fixed, "irregularity": irregularity})

    def role(self, role: str) -> str:
        return self.roles[role]

    def irregularity(self, irregularity: str) -> str:
        return self.irregularities[irregularity].words

    def question(self, fact: str) -> str:
        return self.facts[fact].question

    def answer(self, fact: str, value: Any) -> str:
        """The answer to the fact's question that gives this value, in words."""
        values = self.facts[fact].values
        if value in values and values[value].answer is not None:
            return values[value].answer  # type: ignore[return-value]
        return values["number"].answer.format(value=value)  # type: ignore[union-attr]

    def bears(self, fact: str, facts: dict[str, Any]) -> bool:
        """Whether a fact bears on a ruling made on `facts` (facts.yaml's `given`: "the king marked
        was announced" says nothing where no king was marked)."""
        return all(facts.get(k) == v for k, v in self.facts[fact].given.items())

    def phrase(self, fact: str, condition: Any, irregularity: str | None = None) -> str:
        """A fact's value, or a condition on it (one value, a list of values, a range), as a
        clause; said as the irregularity has it where facts.yaml words it so (`said_of`)."""
        values = self.facts[fact].values
        if isinstance(condition, list):
            return " or ".join(self.phrase(fact, c, irregularity) for c in condition)
        own = self.facts[fact].said_of.get(irregularity or "", {})
        if own and (condition is None or isinstance(condition, (str, bool, int))) and condition in own:
            return own[condition]
        low, high = _bounds(condition)
        if (low, high) != (None, None):
            if low is not None and high is not None:
                key = "number" if low == high else "between"
            else:
                key = "min" if low is not None else "max"
            one = (high if key == "max" else low) == 1
            return values[key].phrase.format(min=low, max=high, value=low, s="" if one else "s")
        if condition in values:
            return values[condition].phrase
        return values["number"].phrase.format(value=condition, s="" if condition == 1 else "s")


def _bounds(condition: Any) -> tuple[Any, Any]:
    """A range condition's (min, max), from the law book's `Range` or a plain mapping."""
    if isinstance(condition, dict):
        return condition.get("min"), condition.get("max")
    if hasattr(condition, "min") and hasattr(condition, "max"):
        return condition.min, condition.max
    return None, None


def _expected_values(fact: str) -> list[Any]:
    """The values a fact can take, which must each have words (numbers: their phrases)."""
    hint = Facts.model_fields[fact].annotation
    kinds = set(get_args(hint)) or {hint}
    values: list[Any] = []
    for kind in kinds:
        if get_args(kind):                       # a Literal: its values
            values += list(get_args(kind))
        elif kind is bool:
            values += [True, False]
        elif kind is int:
            values += ["number", "min", "max", "between"]
        elif kind is type(None):
            values.append(None)
    return values


# the files' parsed data while `load` runs: from the law book's cache (lawbook/cache.py, keyed on
# every words file's bytes) when they are unchanged, else as `_read` parses them
_parsed: dict[str, Any] = {}
_fresh: dict[str, Any] = {}


def _read(path: Path) -> Any:
    if path.name in _parsed:
        return _parsed[path.name]
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, yaml.YAMLError) as e:
        raise WordsError(f"{path.name}: cannot be read: {e}") from None
    _fresh[path.name] = data
    return data


def _problems(name: str, error: ValidationError) -> list[str]:
    from ..record.problems import located
    return [f"{name}: {located(e)}" for e in error.errors()]


def _checked(directory: Path, name: str, kind: Any, problems: list[str]) -> Any:
    """One file read into its model (`kind`); None, with its problems said, when it does not fit."""
    try:
        return TypeAdapter(kind).validate_python(_read(directory / name))
    except ValidationError as e:
        problems += _problems(name, e)
        return None


def load(directory: Path = WORDS_DIR) -> Words:
    """Load and check the vocabulary; raise `WordsError` naming each problem. The files' parsed
    data comes from the cache when their bytes are unchanged (and is checked all the same), and
    is cached after a load that found no problem."""
    if not directory.is_dir():
        raise WordsError(missing("words (laws/words/)", directory))
    try:
        key, _ = cache.rule_files(directory)
    except LawBookError as e:
        raise WordsError(str(e)) from None
    cached = cache.read(key)
    _parsed.clear()
    _fresh.clear()
    if cached is not None:   # the files load reads, from the last load (keyed on all of them)
        _parsed.update(cached["laws"])
    try:
        words = _load(directory)
    finally:
        parsed, fresh = dict(_parsed), dict(_fresh)
        _parsed.clear()
        _fresh.clear()
    if not parsed:
        cache.write(key, fresh, {})
    return words


def _load(directory: Path) -> Words:
    problems: list[str] = []
    facts: dict[str, FactWords] = {}
    for fact, raw in (_read(directory / "facts.yaml") or {}).items():
        try:
            facts[fact] = FactWords.model_validate(raw)
        except ValidationError as e:
            problems += _problems(f"facts.yaml: {fact}", e)
    for fact in sorted(FACT_NAMES - facts.keys()):
        problems.append(f"facts.yaml: the fact {fact!r} has no words")
    for fact in sorted(facts.keys() - FACT_NAMES):
        problems.append(f"facts.yaml: {fact!r} is not a fact the law book can test")
    for fact, words in facts.items():
        if fact in FACT_NAMES:
            for value in _expected_values(fact):
                if value not in words.values:
                    problems.append(f"facts.yaml: {fact}: the value {value!r} has no words")
    irregularities = (_checked(directory, "irregularities.yaml", Irregularities, problems)
                      or Irregularities(moments={}, irregularities={}))
    for irr in IRREGULARITIES:
        if irr not in irregularities.irregularities:
            problems.append(f"irregularities.yaml: the irregularity {irr!r} has no words")
    for irr, w in irregularities.irregularities.items():
        if irr not in IRREGULARITIES:
            problems.append(f"irregularities.yaml: {irr!r} is not an irregularity id")
        for moment in [w.moment, *w.also]:
            if moment not in irregularities.moments:
                problems.append(f"irregularities.yaml: {irr}: the moment {moment!r} is not among the moments")
    problems += [f"irregularities.yaml: illustrated: {m!r} is not among the moments"
                 for m in irregularities.illustrated if m not in irregularities.moments]
    options = _checked(directory, "options.yaml", dict[str, str | NextWords], problems) or {}
    problems += [f"options.yaml: the option {o!r} has no words" for o in OPTIONS if o not in options]
    problems += [f"options.yaml: {o!r} is not an option id" for o in options if o not in OPTIONS]
    for fact, words in facts.items():
        for value, w in words.values.items():
            for implied, allowed in w.implies.items():
                wanted = allowed if isinstance(allowed, list) else [allowed]
                if implied not in facts:
                    problems.append(f"facts.yaml: {fact}: {value!r}: implies: {implied!r} is not a fact")
                elif any(v not in facts[implied].values for v in wanted):
                    problems.append(f"facts.yaml: {fact}: {value!r}: implies: {implied} cannot be {allowed!r}")
    interview = _checked(directory, "interview.yaml", dict[str, str], problems) or {}
    next_words = _checked(directory, "next.yaml", dict[str, str | NextWords], problems) or {}
    problems += [f"next.yaml: the option {o!r} has no words" for o in OPTIONS if o not in next_words]
    problems += [f"next.yaml: {o!r} is not an option id" for o in next_words if o not in OPTIONS]
    roles = _checked(directory, "roles.yaml", dict[str, str], problems) or {}
    for role in sorted(set(get_args(OffenderRole) + get_args(ChooserRole)) - roles.keys()):
        problems.append(f"roles.yaml: the role {role!r} has no words")
    scores, synonyms = _scores(directory, problems), _synonyms(directory, problems)
    events = _events(directory, problems)
    table = _checked(directory, "table.yaml", TableWords, problems)
    if table is not None:
        problems += [f"table.yaml: suits: the suit {s!r} has no words" for s in SUITS if s not in table.suits]
    quiz = _checked(directory, "quiz.yaml", QuizWords, problems)
    happened = _happened(directory, problems)
    hand = _checked(directory, "hand.yaml", dict[str, FactWords], problems) or {}
    problems += [f"hand.yaml: {h!r} is a fact of the law book: its words are facts.yaml's" for h in hand if h in facts]
    problems += [f"hand.yaml: {h!r}: option: {w.option!r} is not an option (known: {', '.join(OPTION_NAMES)})"
                 for h, w in hand.items() if w.option is not None and w.option not in OPTION_NAMES]
    for irr, w in irregularities.irregularities.items():
        problems += [f"irregularities.yaml: {irr}: hand: {h!r} is not in hand.yaml" for h in w.hand if h not in hand]
    # a file that does not fit its model is None, and said among the problems
    if problems or scores is None or events is None or table is None or quiz is None or happened is None:
        raise WordsError("\n".join(problems))
    return Words(facts, irregularities, options, roles, scores, synonyms, interview, next_words,
                 events, table, quiz, happened, hand)


def _events(directory: Path, problems: list[str]) -> Events | None:
    events = _checked(directory, "events.yaml", Events, problems)
    if events is not None:
        problems += [f"events.yaml: the event {n!r} has no words" for n in EVENT_NAMES if n not in events.events]
        problems += [f"events.yaml: count: {k!r} is missing" for k in ("one", "many") if k not in events.count]
    return events


# the scoring tables' keys that are points, not the game's target or value (laws 47-49)
EARNING = tuple(k for k in Scoring.model_fields if not k.startswith("game_")) + DERIVED_BASES


def _scores(directory: Path, problems: list[str]) -> Scores | None:
    from ..engine.marks import STRUCK
    from ..engine.stakes import BASES
    scores = _checked(directory, "scores.yaml", Scores, problems)
    if scores is None:
        return None
    problems += [f"scores.yaml: earned: {k!r} has no words" for k in EARNING + BASES if k not in scores.earned]
    problems += [f"scores.yaml: earned: {k!r} is not a key of a scoring table, nor a variant's" for k in scores.earned
                 if k not in EARNING and k not in BASES]
    problems += [f"scores.yaml: earned: {k}: it needs words for the dealer and the non-dealer"
                 for k, v in scores.earned.items() if isinstance(v, dict) and len(v) != 2]
    problems += [f"scores.yaml: struck: {k!r} has no words" for k in STRUCK if k not in scores.struck]
    problems += [f"scores.yaml: struck: {k!r} is not what strikes a score out" for k in scores.struck if k not in STRUCK]
    problems += [f"scores.yaml: when: {k!r} has no words" for k in ("next_turn_up", "log_end") if k not in scores.when]
    effects = get_args(Effect)
    problems += [f"scores.yaml: effects: {k!r} has no words" for k in effects if k not in scores.effects]
    problems += [f"scores.yaml: effects: {k!r} is not an effect" for k in scores.effects if k not in effects]
    return scores


def _synonyms(directory: Path, problems: list[str]) -> list[list[str]]:
    checked = _checked(directory, "synonyms.yaml", Synonyms, problems)
    if checked is None:
        return []
    groups = checked.groups
    seen: dict[str, int] = {}
    for i, group in enumerate(groups, 1):
        for term in group:
            key = fold(term)
            if key in seen:
                problems.append(f"synonyms.yaml: groups: {term!r} is in group {seen[key]} and group {i}")
            seen[key] = i
    return groups


def fold(text: str) -> str:
    """Text for searching: lower case, accents dropped, spaces made single."""
    import unicodedata
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(plain.lower().split())


@lru_cache(maxsize=None)
def default_words() -> Words:
    """The words of `laws/words/`, loaded and checked once."""
    return load()
