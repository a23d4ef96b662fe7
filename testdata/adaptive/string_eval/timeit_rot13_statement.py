# family: string_eval
# reaches: process
# layer: static
# static: denied
# A rot13-encoded statement decoded with codecs and handed to timeit (a decoded string sink).
import codecs
import timeit

blob = "vzcbeg bf; bf.flfgrz('gehr')"
timeit.timeit(codecs.decode(blob, "rot13"), number=1)
