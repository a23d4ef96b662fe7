# label: benign
# unittest with setUp, addCleanup and subTest, run from a suite.
import unittest


class Stack:
    def __init__(self):
        self.items = []

    def push(self, x):
        self.items.append(x)

    def pop(self):
        return self.items.pop()


class StackTest(unittest.TestCase):
    def setUp(self):
        self.stack = Stack()
        self.addCleanup(self.stack.items.clear)

    def test_lifo(self):
        for i in range(3):
            self.stack.push(i)
        for expected in (2, 1, 0):
            with self.subTest(expected=expected):
                self.assertEqual(self.stack.pop(), expected)


suite = unittest.TestLoader().loadTestsFromTestCase(StackTest)
result = unittest.TextTestRunner(verbosity=0).run(suite)
print(result.wasSuccessful())
