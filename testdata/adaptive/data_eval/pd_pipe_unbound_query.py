# family: data_eval
# reaches: process
# layer: static
# static: missed
# DataFrame.query taken from the class as a value and handed to pipe, which calls it with the
# frame and the expression; level=2 resolves @pd in this module.
import pandas as pd

df = pd.DataFrame({"score": [0.2, 0.9, 0.5]})
select = pd.DataFrame.query
print(df.pipe(select, "score > @pd.io.common.os.system('true')", level=2))
