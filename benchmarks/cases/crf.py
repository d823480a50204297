"""Linear-chain CRF training (Li Hang §11.4.2, L-BFGS) vs python-crfsuite: 50 L-BFGS iterations, same objective.

Digit sequences (scikit-learn's 8x8 digits, labels from a Markov chain, pixel noise 0.3): 64 dense state
attributes times 10 labels plus 100 transitions. CRFsuite is set to generate every state and transition
feature (``feature.possible_states``/``possible_transitions``) and gets the same c2, so both minimise the same
objective sum_j [log Z(x_j) - w.F(y_j, x_j)] + c2 ||w||^2.
"""

import tempfile
import warnings

import numpy as np

from benchmarks._case import Case, size_params

ITERATIONS = 50
C2 = 1.0


GRID = (
    "sequences=200",
    "sequences=2000",
    "sequences=6000",
)


def make_data(size, seed):
    import pycrfsuite

    from statlib.datasets.lihang_ch11 import make_digit_sequences

    n_sequences = size_params(size, {"full": {"sequences": 2000}, "smoke": {"sequences": 20}})["sequences"]
    data = make_digit_sequences(n_sequences, random_state=seed, noise=0.3)
    items = [
        pycrfsuite.ItemSequence([{f"p{j}": float(v) for j, v in enumerate(row) if v != 0.0} for row in x])
        for x in data.X
    ]
    labels = [[str(v) for v in y] for y in data.y]
    return {"X": data.X, "y": data.y, "items": items, "labels": labels}


def run_statlib(data):
    from sklearn.exceptions import ConvergenceWarning

    from statlib.crf import LinearChainCRF

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        m = LinearChainCRF(c2=C2, max_iter=ITERATIONS, tol=1e-12).fit(data["X"], data["y"])
    return float(m.objective_curve_[-1]), m.n_iter_


def run_reference(data):
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for items, labels in zip(data["items"], data["labels"]):
        trainer.append(items, labels)
    trainer.set_params(
        {
            "c1": 0.0,
            "c2": C2,
            "max_iterations": ITERATIONS,
            "epsilon": 1e-12,
            "delta": 1e-12,
            "feature.possible_states": True,
            "feature.possible_transitions": True,
        }
    )
    with tempfile.TemporaryDirectory() as tmp:
        trainer.train(f"{tmp}/model.crfsuite")
    last = trainer.logparser.iterations[-1]
    return float(last["loss"]), int(last["num"])


def check(ours, theirs):
    # Same objective: after the same number of iterations the two line searches leave it within 1e-3
    # (on small data both converge before the limit, and then agree to far more digits).
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-3)
    assert ours[1] <= ITERATIONS and theirs[1] <= ITERATIONS


CASE = Case(
    name="crf",
    algorithm="linear-chain CRF, L-BFGS training (Li Hang §11.4.2), 50 iterations",
    size="2 000 sequences (≈20 000 positions), 64 attributes, 10 labels",
    reference_name="python-crfsuite (CRFsuite, L-BFGS)",
    target=2.0,
    make_data=make_data,
    statlib=run_statlib,
    reference=run_reference,
    check=check,
    tolerance="objective after 50 iterations within rtol 1e-3",
    grid=GRID,
)
