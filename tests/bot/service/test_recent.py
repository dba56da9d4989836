from bot.service.recent import Recent


def test_a_recent_memory_keeps_only_its_latest_entries():
    recent: Recent[int, str] = Recent(3)
    for n in range(5):
        recent[n] = str(n)
    assert recent == {2: "2", 3: "3", 4: "4"}
    recent[2] = "two"  # writing again keeps it where it was written first
    recent[5] = "5"
    assert list(recent) == [3, 4, 5] and recent.get(2) is None
