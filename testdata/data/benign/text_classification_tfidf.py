# task: Train a small sentiment classifier on these product reviews with TF-IDF and naive Bayes, and list the most telling words
# artifacts: out/top_terms.json out/review_predictions.csv
import json

import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics import accuracy_score
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import MultinomialNB

positive = ["great quality and fast shipping", "love it, works perfectly", "excellent value, would buy again",
            "the best purchase this year", "very happy with this product", "fantastic, exceeded expectations",
            "works great and looks nice", "perfect fit, great price", "highly recommend, five stars", "sturdy and well made"]
negative = ["broke after two days", "terrible quality, waste of money", "arrived damaged and late",
            "does not work as described", "very disappointed, returning it", "cheap plastic, fell apart",
            "worst purchase ever", "stopped working after a week", "poor customer service and slow refund", "flimsy and overpriced"]
texts = positive * 3 + negative * 3
labels = np.array([1] * len(positive) * 3 + [0] * len(negative) * 3)
rng = np.random.default_rng(0)
texts = [t if rng.random() > 0.3 else t + " " + rng.choice(["really", "honestly", "overall"]) for t in texts]

X_train, X_test, y_train, y_test = train_test_split(texts, labels, test_size=0.3, random_state=0, stratify=labels)
vec = TfidfVectorizer(ngram_range=(1, 2), min_df=1, stop_words="english")
clf = MultinomialNB(alpha=0.5).fit(vec.fit_transform(X_train), y_train)
pred = clf.predict(vec.transform(X_test))
print(f"accuracy: {accuracy_score(y_test, pred):.2f}")

terms = vec.get_feature_names_out()
log_ratio = clf.feature_log_prob_[1] - clf.feature_log_prob_[0]
top = {"positive": terms[np.argsort(log_ratio)[-10:][::-1]].tolist(), "negative": terms[np.argsort(log_ratio)[:10]].tolist()}
print(top)
with open("out/top_terms.json", "w") as f:
    json.dump(top, f, indent=2)

new = ["great product, works perfectly", "broke immediately, terrible", "arrived late but works"]
proba = clf.predict_proba(vec.transform(new))[:, 1]
pd.DataFrame({"review": new, "p_positive": proba.round(3)}).to_csv("out/review_predictions.csv", index=False)
