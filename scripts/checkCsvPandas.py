"""
The CSV export checked with pandas (docs/recording.md, "Export"): every trade and book row of
`perpdesk replay PATH --export csv --out DIR` equals its message in `perpdesk replay PATH --json`.
Usage: python3 scripts/checkCsvPandas.py DIR REPLAY_NDJSON (needs pandas: apt install python3-pandas).
"""
import json, sys, csv
import pandas as pd
CSV, NDJSON = sys.argv[1], sys.argv[2]
msgs = [json.loads(l) for l in open(NDJSON)]
ws = [m for m in msgs if m["kind"] == "ws"]
trades = [(t, m) for m in ws if m["message"].get("channel") == "trades" for t in m["message"]["data"]]
books = [m for m in ws if m["message"].get("channel") == "l2Book"]
# pandas, with every column as text (decimals stay strings, as written)
tr = pd.read_csv(f"{CSV}/trades.csv", dtype=str)
bk = pd.read_csv(f"{CSV}/book_snapshot_25.csv", dtype=str)
dt = pd.read_csv(f"{CSV}/derivative_ticker.csv", dtype=str)
print("pandas", pd.__version__, "rows: trades", len(tr), "books", len(bk), "ticker", len(dt))
print("recording: trades", len(trades), "l2Book messages", len(books))
assert len(tr) == len(trades), "trade rows"
for (t, m), (_, row) in zip(trades, tr.iterrows()):
    assert row["price"] == t["px"] and row["amount"] == t["sz"], (row.to_dict(), t)
    assert row["side"] == ("buy" if t["side"] == "B" else "sell")
assert len(bk) == len(books), "book rows"
for m, (_, row) in zip(books, bk.iterrows()):
    lv = m["message"]["data"]["levels"]
    assert row["bids[0].price"] == lv[0][0]["px"] and row["asks[0].price"] == lv[1][0]["px"], (row["bids[0].price"], lv[0][0])
    assert row["bids[0].amount"] == lv[0][0]["sz"]
# the stdlib csv module agrees
for name, frame in (("trades", tr), ("book_snapshot_25", bk), ("derivative_ticker", dt)):
    rows = list(csv.reader(open(f"{CSV}/{name}.csv", newline="")))
    assert len(rows) - 1 == len(frame), name
print("every trade and book row equals its recorded message (price, amount, side; best bid and ask); csv module agrees")
