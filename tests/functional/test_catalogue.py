"""The freelancer catalogue over HTTP against docs/api/openapi.yaml (GET /api/freelancers, /counts): every
filter, every sort with keyset pages (no duplicates, no gaps), the full-text search in Russian and English with
the lexicon typo fallback, counts per category, 422 for bad parameters; and the orders' option "only performers
with a portfolio" (the list filter and the bid rule).

The catalogue is shared by the session, so every test marks its performers with a word of its own (token()) in
the headline and looks at the list under q=<that word>.

Performers' profiles are written straight into profiles.freelancers by ONE fixture function, add_freelancer()
(the profile editing API lives on another branch of issue 11; switch the fixture to it once both are merged)."""

from __future__ import annotations

import pytest

from checks import assert_matches, error_fields, field_errors
from marketplace import (ALMATY, CYRILLIC, DESIGN, DEVELOPMENT, KAZAKHSTAN, LOGO_BRANDING, MOBILE_APPS, MOSCOW,
                         RUSSIA, SKILL_FIGMA, SKILL_PYTHON, SKILL_REACT, TEXTS, WEB_DEVELOPMENT, People, create_order,
                         listed_ids, message, place_bid, token, usd)

# A specialization of the "texts" category (db/migrations/catalog/0005_catalog.sql).
COPYWRITING = 301


@pytest.fixture(scope="module")
def people(artel):
    made = People(artel, en=14, ru=4)
    yield made
    made.close()


def sql_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def sql_ints(values) -> str:
    return "ARRAY[" + ",".join(str(int(v)) for v in values) + "]::int[]"


def add_freelancer(artel, user_id: int, *, headline: str, name: str | None = None, about: str = "",
                   specializations=((WEB_DEVELOPMENT, True),), skill_ids=(), country_id=None, city_id=None,
                   rate: tuple[int, str] | None = None, available: bool = True, projects: int = 0,
                   reviews: tuple[int, int] = (0, 0), active_minutes_ago: int = 0) -> None:
    """THE fixture of a performer's profile: the row of profiles.freelancers as the profile editing code writes
    it (category_ids from the specializations, rate_base at the catalog rate, the search vector with name A,
    headline and skills B, about C), `projects` portfolio projects with a cover image each, `reviews`
    (rating_sum, review_count). Upserts, so a test may rewrite a performer."""
    main = [s for s, is_main in specializations if is_main]
    spec_ids = [s for s, _ in specializations]
    if name is not None:
        artel.sql(f"UPDATE identity.users SET name = {sql_text(name)} WHERE id = {user_id}")
    rate_amount, rate_currency = rate if rate else (None, None)
    rate_sql = ("NULL, NULL, NULL" if rate is None else
                f"{rate_amount}, {sql_text(rate_currency)}, (SELECT round({rate_amount} * c.rate_to_rub)::bigint "
                f"FROM catalog.currencies c WHERE c.code = {sql_text(rate_currency)})")
    artel.sql(f"""
        INSERT INTO profiles.freelancers (user_id, headline, about, specialization_ids, main_specialization_id,
          category_ids, skill_ids, country_id, city_id, rate_amount, rate_currency, rate_base, available,
          project_count, rating_sum, review_count, search, active_at, created_at, updated_at)
        SELECT u.id, {sql_text(headline)}, {sql_text(about)}, {sql_ints(spec_ids)},
          {main[0] if main else 'NULL'},
          COALESCE((SELECT array_agg(DISTINCT s.category_id ORDER BY s.category_id) FROM catalog.specializations s
                    WHERE s.id = ANY ({sql_ints(spec_ids)})), '{{}}'),
          {sql_ints(skill_ids)}, {country_id or 'NULL'}, {city_id or 'NULL'}, {rate_sql}, {str(available).lower()},
          {projects}, {reviews[0]}, {reviews[1]},
          setweight(to_tsvector('russian', u.name || ' ' || u.lastname), 'A')
            || setweight(to_tsvector('russian', {sql_text(headline)} || ' ' || COALESCE((
                 SELECT string_agg(k.name_en || ' ' || k.name_ru, ' ') FROM catalog.skills k
                 WHERE k.id = ANY ({sql_ints(skill_ids)})), '')), 'B')
            || setweight(to_tsvector('russian', {sql_text(about)}), 'C'),
          now() - interval '{active_minutes_ago} minutes', now(), now()
        FROM identity.users u WHERE u.id = {user_id}
        ON CONFLICT (user_id) DO UPDATE SET headline = EXCLUDED.headline, about = EXCLUDED.about,
          specialization_ids = EXCLUDED.specialization_ids, main_specialization_id = EXCLUDED.main_specialization_id,
          category_ids = EXCLUDED.category_ids, skill_ids = EXCLUDED.skill_ids, country_id = EXCLUDED.country_id,
          city_id = EXCLUDED.city_id, rate_amount = EXCLUDED.rate_amount, rate_currency = EXCLUDED.rate_currency,
          rate_base = EXCLUDED.rate_base, available = EXCLUDED.available, project_count = EXCLUDED.project_count,
          rating_sum = EXCLUDED.rating_sum, review_count = EXCLUDED.review_count, search = EXCLUDED.search,
          active_at = EXCLUDED.active_at, updated_at = EXCLUDED.updated_at""")
    artel.sql(f"DELETE FROM profiles.portfolio_projects WHERE user_id = {user_id}")
    for priority in range(projects):
        artel.sql(f"""
            WITH p AS (
              INSERT INTO profiles.portfolio_projects (user_id, name, priority, created_at, updated_at)
              VALUES ({user_id}, 'Project {priority}', {priority}, now(), now()) RETURNING id)
            INSERT INTO profiles.portfolio_images (project_id, file_name, thumbnail_name, width, height, position,
              is_cover)
            SELECT id, 'cover-{user_id}-{priority}.png', 'thumb-{user_id}-{priority}.png', 40, 30, 0, true FROM p""")


def catalogue(client, **params) -> dict:
    params.setdefault("limit", 50)
    return assert_matches(client.get("/api/freelancers", params=params), "GET", "/api/freelancers")


def found(client, **params) -> list[int]:
    return [item["user"]["id"] for item in catalogue(client, **params)["items"]]


def collect_pages(client, **params) -> list[int]:
    seen, cursor, pages = [], None, 0
    while True:
        query = dict(params)
        if cursor:
            query["cursor"] = cursor
        page = catalogue(client, **query)
        pages += 1
        assert len(page["items"]) <= query["limit"]
        seen += [item["user"]["id"] for item in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            return seen
        assert page["items"], "a page with a next cursor is not empty"
        assert pages < 100, "pagination does not end"


# --- the card and the filters --------------------------------------------------------------------------------------


def test_the_card(artel, people):
    performer = people.one()
    word = token()
    add_freelancer(artel, performer.id, headline=f"Full-stack developer {word}",
                   specializations=((MOBILE_APPS, False), (WEB_DEVELOPMENT, True), (LOGO_BRANDING, False)),
                   skill_ids=list(range(1, 13)), country_id=RUSSIA, city_id=MOSCOW, rate=(250_000, "RUB"),
                   projects=5, reviews=(14, 3))
    page = catalogue(people.guest(), q=word)
    assert page["next_cursor"] is None and page["corrected"] is None
    [card] = page["items"]
    assert card["user"] == {"id": performer.id, "name": "Test", "lastname": "User", "avatar": None}
    assert card["headline"] == f"Full-stack developer {word}" and card["slug"] is None
    assert card["main_specialization_id"] == WEB_DEVELOPMENT
    assert card["specialization_ids"] == [MOBILE_APPS, WEB_DEVELOPMENT, LOGO_BRANDING]
    assert card["skill_ids"] == list(range(1, 9)), "at most 8 skills on a card"
    assert card["country_id"] == RUSSIA and card["city_id"] == MOSCOW
    assert card["rate"] == {"amount": 250_000, "currency": "RUB"}
    assert card["available"] is True and card["project_count"] == 5
    assert card["stats"] == {"rating": pytest.approx(4.667), "review_count": 3, "completed_orders": 0,
                             "repeat_customers": 0}
    assert card["covers"] == [f"/api/files/thumb-{performer.id}-{i}.png" for i in range(3)], card["covers"]
    # The performer is signed in (a session seen just now): online.
    assert card["online"] is True


def test_only_performers_with_a_main_specialization_are_listed(artel, people):
    listed, unlisted = people(2)
    word = token()
    add_freelancer(artel, listed.id, headline=f"Listed {word}")
    add_freelancer(artel, unlisted.id, headline=f"Unlisted {word}", specializations=())
    assert found(people.guest(), q=word) == [listed.id]


def test_filter_by_category_specialization_skills_and_place(artel, people):
    web, designer, writer = people(3)
    word = token()
    add_freelancer(artel, web.id, headline=f"Web {word}", skill_ids=[SKILL_PYTHON, SKILL_REACT],
                   country_id=RUSSIA, city_id=MOSCOW)
    add_freelancer(artel, designer.id, headline=f"Design {word}",
                   specializations=((LOGO_BRANDING, True), (WEB_DEVELOPMENT, False)), skill_ids=[SKILL_FIGMA],
                   country_id=KAZAKHSTAN, city_id=ALMATY)
    add_freelancer(artel, writer.id, headline=f"Texts {word}", specializations=((COPYWRITING, True),),
                   country_id=RUSSIA)
    guest = people.guest()

    def ids(**params):
        return set(found(guest, q=word, **params))

    assert ids() == {web.id, designer.id, writer.id}
    assert ids(category="development") == {web.id, designer.id}, "any specialization's category counts"
    assert ids(category="design") == {designer.id}
    assert ids(specialization="web-development") == {web.id, designer.id}
    assert ids(specialization="logo-branding") == {designer.id}
    assert ids(skill=SKILL_PYTHON) == {web.id}
    assert ids(skill=[SKILL_PYTHON, SKILL_REACT]) == {web.id}, "repeated skill: all of them"
    assert ids(skill=[SKILL_PYTHON, SKILL_FIGMA]) == set()
    assert ids(country=RUSSIA) == {web.id, writer.id}
    assert ids(country=KAZAKHSTAN, city=ALMATY) == {designer.id}
    assert ids(city=MOSCOW) == {web.id}


def test_filter_by_portfolio_rate_rating_availability(artel, people):
    cheap, dear, dollars, busy = people(4)
    word = token()
    add_freelancer(artel, cheap.id, headline=f"Cheap {word}", rate=(100_000, "RUB"), projects=1, reviews=(5, 1))
    add_freelancer(artel, dear.id, headline=f"Dear {word}", rate=(900_000, "RUB"), reviews=(12, 4))
    add_freelancer(artel, dollars.id, headline=f"Dollars {word}", rate=(5_000, "USD"), projects=2)  # 4 600 ₽
    add_freelancer(artel, busy.id, headline=f"Busy {word}", available=False, reviews=(4, 2))
    guest = people.guest()

    def ids(**params):
        return set(found(guest, q=word, **params))

    assert ids(portfolio="true") == {cheap.id, dollars.id}
    assert ids(rate_min=2000) == {dear.id, dollars.id}, "rate_min in roubles (major units)"
    assert ids(rate_max=2000) == {cheap.id}
    assert ids(rate_min=4000, rate_max=5000) == {dollars.id}
    assert ids(rate_min=40, rate_max=60, currency="USD") == {dollars.id}, "dollars converted at the catalog rate"
    assert ids(rate_min=95, currency="USD") == {dear.id}
    assert ids(rating_min=5) == {cheap.id}
    assert ids(rating_min=4) == {cheap.id}
    assert ids(rating_min=3) == {cheap.id, dear.id}, "3.0 ≥ 3; 2.0 (busy) and unrated (dollars) left out"
    assert ids(rating_min=2) == {cheap.id, dear.id, busy.id}
    assert ids(available="true") == {cheap.id, dear.id, dollars.id}
    assert ids(available="false") == {cheap.id, dear.id, dollars.id, busy.id}, "false is no filter"


def test_filter_online_now(artel, people):
    online, offline = people(2)
    word = token()
    add_freelancer(artel, online.id, headline=f"Online {word}")
    add_freelancer(artel, offline.id, headline=f"Offline {word}")
    artel.sql(f"UPDATE identity.sessions SET last_seen_at = now() - interval '6 minutes' "
              f"WHERE user_id = {offline.id}")
    guest = people.guest()
    assert set(found(guest, q=word)) == {online.id, offline.id}
    assert found(guest, q=word, online="true") == [online.id]
    cards = {item["user"]["id"]: item["online"] for item in catalogue(guest, q=word)["items"]}
    assert cards == {online.id: True, offline.id: False}
    # A socket in the messenger's presence counts too.
    artel.sql(f"INSERT INTO realtime.presence (channel, socket_id, instance, user_id, user_info, joined_at) "
              f"VALUES ('presence-test', 'sock-{offline.id}', 'test', '{offline.id}', '{{}}', now())")
    try:
        assert set(found(guest, q=word, online="true")) == {online.id, offline.id}
    finally:
        artel.sql(f"DELETE FROM realtime.presence WHERE socket_id = 'sock-{offline.id}'")


# --- sorts and pages ------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sorted_set(artel, people):
    """Seven performers with one word: ratings, review counts, activity and rates with ties and blanks."""
    word = token()
    performers = people(7)
    specs = [  # (reviews (sum, count), rate in kopecks or None, active minutes ago)
        ((10, 2), 300_000, 5),
        ((15, 3), None, 1),
        ((0, 0), 150_000, 30),
        ((10, 2), 300_000, 2),
        ((4, 1), 90_000, 60),
        ((0, 0), None, 10),
        ((27, 6), 1_000_000, 3),
    ]
    rows = []
    for person, (reviews, rate, minutes) in zip(performers, specs):
        add_freelancer(artel, person.id, headline=f"Sorted {word}", reviews=reviews,
                       rate=(rate, "RUB") if rate else None, active_minutes_ago=minutes)
        rating = reviews[0] / reviews[1] if reviews[1] else None
        rows.append({"id": person.id, "rating": rating, "reviews": reviews[1], "rate": rate, "minutes": minutes})
    return word, rows


def expected_order(rows, sort):
    if sort == "rating":
        key = lambda r: (-(round(r["rating"], 3) if r["rating"] else 0), -r["reviews"], -r["id"])
    elif sort == "reviews":
        key = lambda r: (-r["reviews"], -r["id"])
    elif sort == "activity":
        key = lambda r: (r["minutes"], -r["id"])
    elif sort == "rate_asc":
        key = lambda r: (r["rate"] if r["rate"] is not None else 2 ** 63, r["id"])
    else:
        key = lambda r: (-(r["rate"] if r["rate"] is not None else -1), -r["id"])
    return [r["id"] for r in sorted(rows, key=key)]


@pytest.mark.parametrize("sort", ["rating", "reviews", "activity", "rate_asc", "rate_desc"])
def test_each_sort_pages_without_duplicates_or_gaps(sorted_set, people, sort):
    word, rows = sorted_set
    guest = people.guest()
    expected = expected_order(rows, sort)
    assert found(guest, q=word, sort=sort) == expected
    assert collect_pages(guest, q=word, sort=sort, limit=1) == expected
    assert collect_pages(guest, q=word, sort=sort, limit=3) == expected
    assert collect_pages(guest, q=word, sort=sort, limit=7) == expected


def test_default_sort_is_rating(sorted_set, people):
    word, rows = sorted_set
    assert found(people.guest(), q=word) == expected_order(rows, "rating")


def test_a_cursor_of_another_sort_is_422(sorted_set, people):
    word, _ = sorted_set
    guest = people.guest()
    cursor = catalogue(guest, q=word, sort="reviews", limit=2)["next_cursor"]
    assert cursor
    messages = field_errors(guest.get("/api/freelancers", params={"q": word, "sort": "rating", "cursor": cursor}),
                            "cursor")
    assert message("en", "orders:cursor_invalid") in messages


def test_whole_catalogue_pages_without_duplicates(people):
    ids = collect_pages(people.guest(), limit=50)
    assert len(ids) == len(set(ids)), "a performer appears on two pages"


# --- search ---------------------------------------------------------------------------------------------------------


def test_search_in_russian_and_english_with_typos(artel, people):
    ru, en, other = people(3)
    word = token()
    add_freelancer(artel, ru.id, headline=f"Дизайнер логотипов {word}",
                   about="Рисую фирменный стиль и логотипы для кофеен и пекарен.",
                   specializations=((LOGO_BRANDING, True),))
    add_freelancer(artel, en.id, name="Bartholomew", headline=f"Illustrator {word}",
                   about="Children's book illustrations and mascots for bakeries.", skill_ids=[SKILL_FIGMA])
    add_freelancer(artel, other.id, headline=f"Backend developer {word}", skill_ids=[SKILL_PYTHON])
    guest = people.guest("ru")
    mine = {ru.id, en.id, other.id}

    def ids(query):
        return {i for i in found(guest, q=query) if i in mine}

    assert ids(f"логотип {word}") == {ru.id}, "Russian stemming: логотипов ~ логотип"
    assert ids(f"кофейня {word}") == {ru.id}, "about text"
    assert ids(f"illustrations {word}") == {en.id}, "English stemming"
    assert ids(f"bartholomew {word}") == {en.id}, "the name"
    assert ids(f"figma {word}") == {en.id}, "skill names"
    assert ids(f"python {word}") == {other.id}
    assert ids(f"пекарня {word}") == {ru.id}
    assert ids("bakeries") >= {en.id}
    # A misspelt word falls back to its closest known spellings; the page says which.
    typo = catalogue(guest, q=f"логтип {word}")
    assert {i["user"]["id"] for i in typo["items"]} & mine == {ru.id}, typo
    assert typo["corrected"] and "логотип" in typo["corrected"], typo["corrected"]
    typo_en = catalogue(guest, q=f"ilustrations {word}")
    assert {i["user"]["id"] for i in typo_en["items"]} & mine == {en.id}, typo_en
    assert typo_en["corrected"], typo_en
    # Words that match nothing and have nothing close find nothing.
    nothing = catalogue(guest, q=f"qqqxxzzv {word}")
    assert nothing["items"] == [] and nothing["next_cursor"] is None and nothing["corrected"] is None
    # Counts follow the fallback.
    counts = assert_matches(guest.get("/api/freelancers/counts", params={"q": f"логтип {word}"}), "GET",
                            "/api/freelancers/counts")
    assert counts["total"] == 1 and counts["categories"] == [{"category_id": DESIGN, "count": 1}], counts


def test_search_of_several_words_through_the_window(artel, people):
    """Several words look among the first rows of the list first (the orders' window); pages still follow."""
    performers = people(5)
    word = token()
    for person in performers:
        add_freelancer(artel, person.id, headline=f"Telegram bot developer {word}")
    guest = people.guest()
    first = collect_pages(guest, q=f"telegram bot {word}", limit=2)
    assert sorted(first) == sorted(p.id for p in performers) and len(first) == 5


# --- counts ---------------------------------------------------------------------------------------------------------


def test_counts_per_category(artel, people):
    a, b, c = people(3)
    word = token()
    add_freelancer(artel, a.id, headline=f"Counted {word}", specializations=((WEB_DEVELOPMENT, True),))
    add_freelancer(artel, b.id, headline=f"Counted {word}",
                   specializations=((LOGO_BRANDING, True), (WEB_DEVELOPMENT, False)), projects=1)
    add_freelancer(artel, c.id, headline=f"Counted {word}", specializations=((COPYWRITING, True),))
    guest = people.guest()
    body = assert_matches(guest.get("/api/freelancers/counts", params={"q": word}), "GET",
                          "/api/freelancers/counts")
    assert body["total"] == 3, body
    assert {e["category_id"]: e["count"] for e in body["categories"]} == {DEVELOPMENT: 2, DESIGN: 1, TEXTS: 1}
    # The category is ignored; the other filters apply.
    same = guest.get("/api/freelancers/counts", params={"q": word, "category": "design"}).json()
    assert same == body
    only = guest.get("/api/freelancers/counts", params={"q": word, "portfolio": "true"}).json()
    assert only == {"total": 1, "categories": [{"category_id": DEVELOPMENT, "count": 1},
                                               {"category_id": DESIGN, "count": 1}]}
    everything = guest.get("/api/freelancers/counts").json()
    assert everything["total"] >= 3
    assert sum(e["count"] for e in everything["categories"]) >= everything["total"]


# --- bad parameters -------------------------------------------------------------------------------------------------


def test_bad_parameters_are_422_per_field(people):
    guest = people.guest("ru")
    for params, field in [
        ({"sort": "price"}, "sort"),
        ({"limit": 0}, "limit"),
        ({"limit": 51}, "limit"),
        ({"rate_min": -1}, "rate_min"),
        ({"rate_max": "lots"}, "rate_max"),
        ({"currency": "XYZ"}, "currency"),
        ({"rating_min": 0}, "rating_min"),
        ({"rating_min": 6}, "rating_min"),
        ({"country": "Russia"}, "country"),
        ({"city": "x"}, "city"),
        ({"skill": "react"}, "skill"),
        ({"skill": list(range(1, 12))}, "skill"),
        ({"specialization": "no-such-specialization"}, "specialization"),
        ({"category": "no-such-category"}, "category"),
        ({"portfolio": "yes"}, "portfolio"),
        ({"available": "maybe"}, "available"),
        ({"online": "2"}, "online"),
        ({"q": "x" * 201}, "q"),
        ({"cursor": "garbage"}, "cursor"),
    ]:
        messages = field_errors(guest.get("/api/freelancers", params=params), field)
        assert CYRILLIC.search(messages[0]), (params, messages)
    # The schema's errors come at once, before the catalog's (a range out of order, unknown codes), which come
    # at once too.
    fields = error_fields(guest.get("/api/freelancers", params={"rating_min": 0, "sort": "x"}))
    assert {"rating_min", "sort"} <= fields, fields
    fields = error_fields(guest.get("/api/freelancers", params={"rate_min": 500, "rate_max": 100, "category": "x"}))
    assert {"rate_min", "category"} <= fields, fields
    field_errors(guest.get("/api/freelancers/counts", params={"rating_min": "high"}), "rating_min")


@pytest.mark.parametrize("query", ["'", "\\", "!!!", "a & b | !c", "(((", "<->", "логотип:*", "%_"])
def test_any_search_text_is_safe(people, query):
    assert_matches(people.guest().get("/api/freelancers", params={"q": query}), "GET", "/api/freelancers")


# --- orders: only performers with a portfolio ---------------------------------------------------------------------


def test_orders_with_portfolio_only(artel, people):
    customer, with_portfolio, without = people(3, "ru")
    add_freelancer(artel, with_portfolio.id, headline="Портфолио есть", projects=1)
    word = token()
    strict = create_order(customer, name=f"Только с портфолио {word}", portfolio_required=True)
    loose = create_order(customer, name=f"Все могут откликнуться {word}")
    assert strict["portfolio_required"] is True and loose["portfolio_required"] is False
    guest = people.guest()
    assert set(listed_ids(guest, q=word)) == {strict["id"], loose["id"]}
    assert listed_ids(guest, q=word, portfolio="true") == [strict["id"]]
    counts = guest.get("/api/orders/counts", params={"q": word, "portfolio": "true"}).json()
    assert counts["total"] == 1, counts
    # The bid rule: no portfolio project, 422 in the performer's language; with one, the bid is taken.
    refused = without.post(f"/api/orders/{strict['id']}/bids",
                           json={"kind": "final", "comment": "Готов сделать", "term_days": 3,
                                 "price": {"amount": 100_000, "currency": "RUB"}})
    assert field_errors(refused, "portfolio") == [message("ru", "bids:portfolio_required")]
    place_bid(with_portfolio, strict["id"])
    place_bid(without, loose["id"])
    # Editing the option off lets everybody bid.
    edited = customer.patch(f"/api/orders/{strict['id']}", json={
        "name": strict["name"], "description": strict["description"], "category_id": strict["category_id"],
        "specialization_id": strict["specialization_id"], "skill_ids": strict["skill_ids"],
        "budget": strict["budget"], "deadline_at": strict["deadline_at"], "payment_option": strict["payment_option"],
        "country_id": None, "city_id": None, "portfolio_required": False})
    assert assert_matches(edited, "PATCH", "/api/orders/{id}")["portfolio_required"] is False
    place_bid(without, strict["id"])
    english = people.one()
    order = create_order(customer, portfolio_required=True)
    refused = english.post(f"/api/orders/{order['id']}/bids",
                           json={"kind": "final", "comment": "Ready", "term_days": 3, "price": usd(100)})
    assert field_errors(refused, "portfolio") == [message("en", "bids:portfolio_required")]
