"""The practice page's rules quiz: its questions, checked and gathered from the FAQ and the disputes."""

from __future__ import annotations

from typing import Any, Final

from .loader import Catalog, CatalogError

MIN_QUIZ_QUESTIONS: Final = 40  # the practice page's rules quiz draws from at least this many


def check_rules_quiz(catalog: Catalog, problems: list[str]) -> None:
    """Quiz questions (FAQ answers and disputes) are questions, and none is asked twice.

    Their shape (question, answer: yes|no, explain; a dispute's faq) is in the schemas."""
    seen: dict[str, str] = {}
    for name in ("faq", "disputes"):
        for ident, entry in catalog.collection(name).items():
            quiz = entry.get("quiz")
            if quiz is None:
                continue
            where = f"{entry.where('quiz')}: entry '{ident}'"
            question = quiz["question"]
            if not question.rstrip().endswith("?"):
                problems.append(f"{where}: the quiz question does not end in '?' "
                                "(hint: ask it so that yes or no answers it)")
            elif question in seen:
                problems.append(f"{where}: the same quiz question is asked by '{seen[question]}' "
                                "(hint: ask something else, or remove one)")
            else:
                seen[question] = ident


def rules_quiz_questions(catalog: Catalog) -> list[dict[str, Any]]:
    """The practice page's rules quiz: every quiz question with its explanation and FAQ link.
    The site needs at least MIN_QUIZ_QUESTIONS; fewer stops the build."""
    questions = [{"id": ident, "quiz": e["quiz"], "explain": e["quiz"].get("explain") or e["answer"],
                  "link": "faq.md#" + ident} for ident, e in catalog.faq.items() if e.get("quiz")]
    questions += [{"id": ident, "quiz": e["quiz"], "explain": e["quiz"].get("explain") or e["ruling"],
                   "link": "faq.md#" + e["faq"]} for ident, e in catalog.disputes.items() if e.get("quiz")]
    if len(questions) < MIN_QUIZ_QUESTIONS:
        raise CatalogError([f"docs/catalog: the rules quiz has {len(questions)} questions, at least "
                            f"{MIN_QUIZ_QUESTIONS} are needed (hint: add quiz: to FAQ answers or disputes)"])
    return questions
