"""The rules quiz is drawn from quiz: fields on FAQ answers and disputes, checked at build."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hooks.catalog import MIN_QUIZ_QUESTIONS, CatalogError, load_catalog, rules_quiz_questions

ROOT = Path(__file__).resolve().parents[2]


def questions(catalog):
    return [e["quiz"] for name in ("faq", "disputes") for e in catalog.collection(name).values() if e.get("quiz")]


def test_the_catalog_has_at_least_forty_distinct_questions_with_answers():
    catalog = load_catalog(ROOT / "docs" / "catalog")
    found = questions(catalog)
    assert len(found) >= MIN_QUIZ_QUESTIONS == 40
    assert len(rules_quiz_questions(catalog)) == len(found)
    assert len({q["question"] for q in found}) == len(found)
    assert {q["answer"] for q in found} == {True, False}  # not all one answer
    assert all(q["question"].endswith("?") for q in found)


def copy_catalog(tmp_path) -> Path:
    target = tmp_path / "catalog"
    shutil.copytree(ROOT / "docs" / "catalog", target)
    return target


def test_a_malformed_question_names_file_and_line(tmp_path):
    catalog = copy_catalog(tmp_path)
    faq = catalog / "faq.yml"
    text = faq.read_text()
    broken = text.replace("answer: no, explain: \"Six each.", "answer: maybe, explain: \"Six each.", 1)
    assert broken != text
    faq.write_text(broken)
    with pytest.raises(CatalogError) as error:
        load_catalog(catalog)
    line = next(i for i, row in enumerate(broken.splitlines(), 1) if "answer: maybe" in row)
    message = str(error.value)
    assert any(f"faq.yml:{n}:" in message for n in (line - 1, line))  # the entry's or the field's line
    assert "how-many-cards" in message and "quiz.answer" in message and "yes or no" in message


def test_too_few_questions_stop_the_build(tmp_path):
    catalog = copy_catalog(tmp_path)
    faq = catalog / "faq.yml"
    faq.write_text("\n".join(row for row in faq.read_text().splitlines() if not row.strip().startswith("quiz:")))
    with pytest.raises(CatalogError, match="at least 40 are needed"):
        rules_quiz_questions(load_catalog(catalog))


def test_a_repeated_question_is_refused(tmp_path):
    catalog = copy_catalog(tmp_path)
    faq = catalog / "faq.yml"
    faq.write_text(faq.read_text().replace("Does the dealer lay the first card of the play?",
                                           "Does the first player to reach 121 win?"))
    with pytest.raises(CatalogError, match="the same quiz question is asked by"):
        load_catalog(catalog)
