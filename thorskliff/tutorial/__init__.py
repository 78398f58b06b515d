"""The tutorial ("Lehrgang", issue #29): lessons as data (``scenarios/tutorial/*.toml``,
docs/tutorial.md), their loader (:mod:`.lesson`), the goal vocabulary the engine's
state is checked against (:mod:`.goals`), a lesson played on (:mod:`.run`) and the
learner's progress in the data folder (:mod:`.progress`)."""
