"""Layer 3, the engine: a log replayed under the law book, and what the laws rule.

The rules of play (`rules`: legal replies, who wins a trick, what a hand scores, and the flow:
who may shuffle, double, offer, announce or deal when) are the one place both paths call: the full replay (`replay`, the `Replay` coordinator, with its handlers
`dealing`, `exchange`, `play`, `claims`, `marks`, `remedies`) and the lean scan for clean
archives (`scan`); the generator of random legal games under any rule set (`generate_games`, over
`generate` and `generate_variants`) asks them too. `outcomes` weighs choices still open; `ruling` holds the records (`Ruling`,
`Report`); `adjudicate` goes from a log's text to its report. The coordinator alone dispatches
events (`replay.HANDLERS`); each handler takes the `Replay` as its first argument and keeps the
game's state there, the deal's on the deal (`in_play.DealInPlay`: the record's cards with the
engine's own state of the deal). A handler calls another only downward (a claim the play's, the
exchange the dealing's); what several stages do to a deal (a card seen, the play ended, the hand
scored) the deal itself does, so no circle of imports closes inside this layer
(`errors.ReplayError` lies below the replay, the games of a pool and `outcomes` alike).
May import the record and the law book. It knows no words
for people: a ruling carries what happened as keys and values (`ruling.said`, said in words by
laws/words/happened.yaml) and its case's own summary from the law book, and the words layer
renders both, in JSON and in text. Its only sentences are the messages of a log error
(`ReplayError`), for whoever wrote the log. Exports `adjudicate.adjudicate_text`,
`replay.adjudicate`, `ruling.Report`, `ruling.Ruling`, `ruling.said`, `scan.scan`.
"""
